import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import type { TJobState, TJobsOverview } from '@shared/schemas/system';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { apiFetch, errorMessage } from '@/lib/api';
import { systemKeys } from '@/lib/query-keys';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'running', label: 'Running' },
  { value: 'failed', label: 'Failed' },
] as const;

const STATE_BADGE: Record<
  TJobState,
  { label: string; variant: 'secondary' | 'accent' | 'success' | 'destructive' | 'warning' }
> = {
  created: { label: 'Queued', variant: 'secondary' },
  retry: { label: 'Retrying', variant: 'warning' },
  active: { label: 'Running', variant: 'accent' },
  completed: { label: 'Done', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'destructive' },
};

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const label = (queue: string) => queue.replaceAll('-', ' ');

/** Settings → System (admins): the business's background work — publishing, syncs, mail. */
export function SystemTab() {
  const [state, setState] = useState<(typeof FILTERS)[number]['value']>('all');
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: systemKeys.jobs(state),
    queryFn: ({ signal }) => apiFetch<TJobsOverview>(`/api/system/jobs?state=${state}`, { signal }),
    refetchInterval: 10_000,
  });
  const retry = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/system/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: () => {
      toast({ title: 'Retrying', description: 'The job will run again in a moment.' });
      return queryClient.invalidateQueries({ queryKey: systemKeys.all });
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Could not retry the job.'), variant: 'destructive' }),
  });

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Background jobs</h2>
          <p className="text-sm text-slate-600">
            Scheduled posts, syncs and emails run in the background. A failed job shows why; Retry runs it again.
          </p>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {jobs.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : jobs.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(jobs.error, 'Could not load the jobs.')}
            </p>
          ) : jobs.data.queues.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              No background jobs yet. They appear here once you schedule posts or connect your accounts.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {jobs.data.queues.map((q) => (
                <li key={q.queue} className="rounded-lg border border-slate-200 p-3">
                  <p className="text-sm font-medium capitalize">{label(q.queue)}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {q.queued} queued · {q.running} running ·{' '}
                    <span className={q.failed ? 'font-medium text-red-700' : undefined}>{q.failed} failed</span> ·{' '}
                    {q.completed} done
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <h2 className="text-lg font-semibold">Recent jobs</h2>
          <div role="group" aria-label="Show jobs" className="flex flex-wrap gap-1">
            {FILTERS.map((f) => (
              <Button
                key={f.value}
                size="sm"
                variant={state === f.value ? 'default' : 'outline'}
                aria-pressed={state === f.value}
                onClick={() => setState(f.value)}
              >
                {f.label}
              </Button>
            ))}
          </div>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {jobs.data && jobs.data.jobs.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing here.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {jobs.data?.jobs.map((job) => (
                <li key={job.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium capitalize">
                      {label(job.queue)}
                      <Badge variant={STATE_BADGE[job.state].variant}>{STATE_BADGE[job.state].label}</Badge>
                    </p>
                    <p className="text-xs text-slate-600">
                      Queued {when.format(new Date(job.createdAt))}
                      {job.finishedAt && ` · finished ${when.format(new Date(job.finishedAt))}`}
                      {job.attempts > 1 && ` · ${job.attempts} attempts`}
                    </p>
                    {job.error && <p className="text-sm break-words text-red-700">{job.error}</p>}
                  </div>
                  {job.state === 'failed' && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="self-start"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(job.id)}
                    >
                      <RotateCcw aria-hidden="true" />
                      Retry
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
