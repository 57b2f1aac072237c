import { useRoute } from 'wouter';
import { useAnalyticsStatus } from './analytics-api';
import { ReportView } from './report-view';
import { ReportsCard } from './reports-card';

/** /reports: the Analytics Reports card; /reports/{id}: one report with its downloads. */
export default function ReportsPage() {
  const [isReport, params] = useRoute('/reports/:id');
  const status = useAnalyticsStatus();
  if (isReport) return <ReportView id={params.id} pdfAvailable={status.data?.pdfAvailable ?? false} />;
  return <ReportsCard status={status.data} />;
}
