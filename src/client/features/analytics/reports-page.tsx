import { useRoute } from 'wouter';
import { useAuth } from '@/lib/auth/use-auth';
import { useConnection } from '@/lib/connections/connections-api';
import { expectedState, useAnalyticsStatus } from './analytics-api';
import { ReportView } from './report-view';
import { ReportsCard } from './reports-card';

/** /reports: the Analytics Reports card; /reports/{id}: one report with its downloads. */
export default function ReportsPage() {
  const [isReport, params] = useRoute('/reports/:id');
  const { user } = useAuth();
  const status = useAnalyticsStatus();
  const google = useConnection('google', user !== null);
  if (isReport) return <ReportView id={params.id} pdfAvailable={status.data?.pdfAvailable ?? false} />;
  return <ReportsCard status={status.data} expected={expectedState(status.data, google)} />;
}
