import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConnectionProblemBanner } from '@/components/connections/connection-problem-banner';
import { useAuth } from '@/lib/auth/use-auth';
import { useDashboard } from './dashboard-api';
import { ListSkeleton, RecentActivity } from './dashboard-lists';
import { QuickActions } from './quick-actions';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { UpcomingTasks } from './upcoming-tasks';

/** The dashboard of the spec, built from the tenant's own rows (GET /api/dashboard). */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const { user } = useAuth();

  if (dashboard.isError) {
    // The quick actions need no figures, so they stay usable when the figures fail.
    return (
      <div className="space-y-6">
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center"
        >
          <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1">Your dashboard could not be loaded. Check your connection and try again.</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
        <QuickActions />
      </div>
    );
  }

  const data = dashboard.data;
  // One clock per render so every relative time on the page agrees.
  const now = new Date(dashboard.dataUpdatedAt || 0);
  return (
    <div className="space-y-6">
      <ConnectionProblemBanner user={user} />
      {data ? <StatCards stats={data.stats} /> : <StatCardsSkeleton />}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {data ? <RecentActivity items={data.recentActivity} now={now} /> : <ListSkeleton title="Recent Activity" />}
        {data ? (
          <UpcomingTasks items={data.upcomingTasks} now={now} timezone={data.timezone} />
        ) : (
          <ListSkeleton title="Upcoming Tasks" />
        )}
      </div>
      <QuickActions />
    </div>
  );
}
