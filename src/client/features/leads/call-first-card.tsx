import { Flame, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { useHottestLeads } from './leads-api';
import { ScoreWhy } from './lead-row';

/**
 * "Call the hottest leads first" (the Optimize Leads hint): the open leads ranked by their score
 * — urgency, job value, contact details and freshness — each with why it ranks there and a
 * one-tap call.
 */
export function CallFirstCard() {
  const hottest = useHottestLeads();
  let body;
  if (hottest.isError)
    body = <FormAlert tone="error">{errorMessage(hottest.error, 'Could not rank your leads.')}</FormAlert>;
  else if (!hottest.data) body = <Skeleton className="h-24 w-full" />;
  else if (hottest.data.leads.length === 0)
    body = (
      <p className="text-sm text-slate-600">No open leads right now. New enquiries are ranked here as they come in.</p>
    );
  else
    body = (
      <ol className="divide-y divide-slate-200" aria-label="Leads to call first">
        {hottest.data.leads.map((lead, i) => (
          <li key={lead.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-slate-900">
                {i + 1}. {lead.name}{' '}
                <Badge variant={lead.leadScore >= 70 ? 'destructive' : 'secondary'} className="ml-1 align-middle">
                  Score {lead.leadScore}
                </Badge>
              </p>
              <p className="text-sm text-slate-600">
                {lead.service} · {lead.location}
              </p>
              <ScoreWhy lead={lead} />
            </div>
            {lead.phone ? (
              <Button asChild size="sm" variant="outline" className="shrink-0">
                <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
                  <Phone aria-hidden="true" />
                  Call {lead.phone}
                </a>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    );
  return (
    <section
      aria-labelledby="call-first-title"
      className="rounded-xl border border-accent-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="call-first-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Flame className="size-5 text-accent-700" aria-hidden="true" />
        Call these first
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your open leads ranked by lead score: urgent words, the size of the job, how reachable they are and how fresh.
      </p>
      <div className="mt-3">{body}</div>
    </section>
  );
}
