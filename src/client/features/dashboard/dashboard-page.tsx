import type { ReactNode } from 'react';
import { AlertCircle, SlidersHorizontal } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConnectionProblemBanner } from '@/components/connections/connection-problem-banner';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { CustomizePanel } from './customize-panel';
import { DEFAULT_DASHBOARD_LAYOUT, type TDashboardCardId, type TDashboardLayout } from '@shared/dashboard-layout';
import { toast } from '@/components/ui/use-toast';
import { useDashboard, useDashboardLayout, useNextSteps, useSaveDashboardLayout } from './dashboard-api';
import { ListSkeleton, RecentActivity } from './dashboard-lists';
import { NextStepsCard, NextStepsSkeleton } from './next-steps-card';
import { QuickActions } from './quick-actions';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { UpcomingTasks } from './upcoming-tasks';

/** Cards that take the whole width; the two lists sit side by side on a wide screen. */
const FULL_WIDTH: readonly TDashboardCardId[] = ['stats', 'next-steps', 'quick-actions'];

/** On a phone the day's tasks open the page (Today), whatever the saved order puts first. */
const TODAY: TDashboardCardId = 'upcoming-tasks';

/** The dashboard of the spec, built from the tenant's own rows (GET /api/dashboard). */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const steps = useNextSteps();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const customizing = new URLSearchParams(useSearch()).get('customize') === 'true';
  const savedLayout = useDashboardLayout();
  const layout = savedLayout.data ?? DEFAULT_DASHBOARD_LAYOUT;
  const saveLayout = useSaveDashboardLayout();
  const change = (next: TDashboardLayout) =>
    saveLayout.mutate(next, {
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });

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
  const cards: Record<TDashboardCardId, ReactNode> = {
    stats: data ? <StatCards stats={data.stats} /> : <StatCardsSkeleton />,
    'next-steps': steps.data ? <NextStepsCard data={steps.data} /> : steps.isError ? null : <NextStepsSkeleton />,
    'recent-activity': data ? (
      <RecentActivity items={data.recentActivity} now={now} />
    ) : (
      <ListSkeleton title="Recent Activity" />
    ),
    'upcoming-tasks': data ? (
      <UpcomingTasks items={data.upcomingTasks} now={now} timezone={data.timezone} />
    ) : (
      <ListSkeleton title="Upcoming Tasks" />
    ),
    'quick-actions': <QuickActions />,
  };
  // Until the saved layout is known no card is drawn: drawing the default set first would show a
  // hidden card and then take it away (a layout shift). Both answers are asked for together.
  const layoutKnown = savedLayout.data !== undefined || savedLayout.isError;
  const shown = layoutKnown ? layout.order.filter((id) => !layout.hidden.includes(id)) : [];

  return (
    <div className="flex flex-col gap-6">
      <ConnectionProblemBanner user={user} />
      {customizing ? (
        <CustomizePanel
          // Changes start from the saved layout, never from the defaults shown while it loads.
          layout={savedLayout.isError ? layout : savedLayout.data}
          onChange={change}
          onDone={() => navigate('/dashboard', { replace: true })}
        />
      ) : (
        // On a phone the cards come first (today's work on the first screen), Customize after them.
        <div className="flex justify-end max-sm:order-last">
          <Link href="/dashboard?customize=true" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))}>
            <SlidersHorizontal aria-hidden="true" />
            Customize
          </Link>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {shown.map((id) => (
          <div
            key={id}
            className={cn('min-w-0', FULL_WIDTH.includes(id) && 'lg:col-span-2', id === TODAY && 'max-sm:-order-1')}
          >
            {cards[id]}
          </div>
        ))}
      </div>
      {layoutKnown && shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          Every card is hidden.{' '}
          <Link href="/dashboard?customize=true" className="font-medium text-brand-700 underline">
            Choose some cards
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
