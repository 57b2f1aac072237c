import type { TCoachMetrics } from '@shared/schemas/coach';
import { Skeleton } from '@/components/ui/skeleton';

const minutes = (s: number) => `${Math.round(s / 60)}m`;
const weekday = (key: string) =>
  new Date(`${key}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });

/** Analytics: sessions, weekly progress (minutes per day) and features used, with how the scores came about. */
export function CoachAnalyticsTab({ metrics }: { metrics: TCoachMetrics | undefined }) {
  if (!metrics) return <Skeleton className="h-40 w-full rounded-xl" />;
  const days = Object.entries(metrics.weeklyProgress);
  const max = Math.max(60, ...days.map(([, s]) => s));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label="Sessions">
        <h2 className="font-semibold text-slate-900">Sessions this week</h2>
        <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Sessions</dt>
            <dd className="text-lg font-semibold">{metrics.totalSessions}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Average</dt>
            <dd className="text-lg font-semibold">{minutes(metrics.averageSessionDuration)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Actions</dt>
            <dd className="text-lg font-semibold">{metrics.actionsCompleted}</dd>
          </div>
        </dl>
        <h3 className="mt-4 text-sm font-semibold text-slate-900">How the scores are reached</h3>
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-medium">Engagement {metrics.engagementScore}%:</span> {metrics.explanations.engagement}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-medium">Productivity {metrics.productivityScore}%:</span>{' '}
          {metrics.explanations.productivity}
        </p>
      </section>
      <section
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        aria-label="Weekly progress"
      >
        <h2 className="font-semibold text-slate-900">Weekly progress</h2>
        <ol className="mt-3 flex h-32 items-end gap-2">
          {days.map(([key, s]) => (
            <li
              key={key}
              className="flex flex-1 flex-col items-center gap-1"
              aria-label={`${weekday(key)}: ${minutes(s)}`}
            >
              <div className="flex h-24 w-full items-end">
                <div className="w-full rounded-t bg-brand-500" style={{ height: `${Math.max(2, (s / max) * 100)}%` }} />
              </div>
              <span className="text-xs text-slate-600">{weekday(key)}</span>
            </li>
          ))}
        </ol>
        <h3 className="mt-4 text-sm font-semibold text-slate-900">Features used</h3>
        {metrics.featuresUsed.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {metrics.featuresUsed.map((f) => (
              <li key={f} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
                {f.replace(/-/g, ' ')}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Nothing recorded yet this week.</p>
        )}
      </section>
    </div>
  );
}
