import { ArrowLeft, ShieldCheck, ShieldOff } from 'lucide-react';
import { Link } from 'wouter';
import type { TJob } from '@shared/schemas/work';
import { PHOTO_STAGE_LABELS } from '@shared/work';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { formatDollars } from '@/components/pricing/format-dollars';
import { formatDay } from './job-format';
import { useProposals } from './jobs-api';
import { ProposalCard } from './proposal-card';

/** Whether the customer agreed to be named and shown: the public pages follow it. */
function Consent({ job }: { job: TJob }) {
  const Icon = job.consent ? ShieldCheck : ShieldOff;
  return (
    <p
      className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${job.consent ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {job.consent
        ? `${job.customerName} agreed${job.consentAnswered ? ' on the review page' : ''}: the project page shows their first name with their review, and the photos.`
        : job.consentAnswered
          ? `${job.customerName} said no on the review page: nothing public names them, their review shows as “A customer in ${job.town.split(',')[0]}”, and the photos stay off the project page.`
          : `${job.customerName} has not agreed to be shown: nothing public names them (their review shows as “A customer in ${job.town.split(',')[0]}”). The review request can ask them. Use photos without faces.`}
    </p>
  );
}

function JobFacts({ job }: { job: TJob }) {
  return (
    <section aria-label="The job" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{job.service}</h2>
        <p className="text-sm text-slate-600">
          {job.customerName} · {job.town} · {formatDay(job.completedOn)}
          {job.value !== null ? ` · ${formatDollars(job.value)}` : ''}
        </p>
      </div>
      {job.photos.length ? (
        <ul aria-label="Photos" className="flex gap-2 overflow-x-auto pb-1">
          {job.photos.map((p) => (
            <li key={p.id} className="relative shrink-0">
              <img
                src={p.url}
                alt={`${PHOTO_STAGE_LABELS[p.stage]} photo`}
                width={p.width}
                height={p.height}
                className="h-20 w-auto rounded-lg object-cover"
              />
              <span className="absolute bottom-1 left-1 rounded bg-slate-900/70 px-1.5 text-[11px] font-medium text-white">
                {PHOTO_STAGE_LABELS[p.stage]}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No photos with this job.</p>
      )}
      <Consent job={job} />
    </section>
  );
}

/** /jobs/:id, "Share this job": the job, then one card per proposal, each decided on its own. */
export function ShareJob({ jobId }: { jobId: string }) {
  const proposals = useProposals(jobId);
  if (proposals.isPending) return <PageSpinner label="Preparing what to share" />;
  if (proposals.isError)
    return (
      <FormAlert tone="error" className="items-center">
        <span className="mr-3">{errorMessage(proposals.error, 'Could not load this job.')}</span>
        <Button size="sm" variant="outline" onClick={() => void proposals.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  const { job } = proposals.data;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link
        href="/jobs"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All jobs
      </Link>
      <JobFacts job={job} />
      <section aria-labelledby="share-title" className="space-y-3">
        <div>
          <h2 id="share-title" className="text-lg font-semibold text-slate-900">
            Share this job
          </h2>
          <p className="text-sm text-slate-600">
            Each goes out only when you approve it. Edit any of them first, or skip it.
          </p>
        </div>
        <div className="grid gap-3 lg:grid-cols-2">
          {proposals.data.proposals.map((p) => (
            <ProposalCard key={p.kind} proposal={p} photos={job.photos} jobId={jobId} />
          ))}
        </div>
      </section>
    </div>
  );
}
