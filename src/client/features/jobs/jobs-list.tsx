import { ExternalLink, Share2 } from 'lucide-react';
import { Link } from 'wouter';
import type { TJob } from '@shared/schemas/work';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { formatDay } from './job-format';
import { useJobPages } from './jobs-api';

function JobRow({ job }: { job: TJob }) {
  const photo = job.photos.find((p) => p.stage === 'after') ?? job.photos[0];
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      {photo ? (
        <img
          src={photo.url}
          alt=""
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <h3 className="font-semibold break-words text-slate-900">{job.service}</h3>
          <p className="text-sm text-slate-600">
            {job.customerName} · {job.town} · {formatDay(job.completedOn)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" className="min-h-11">
            <Link href={`/jobs/${job.id}`}>
              <Share2 aria-hidden="true" />
              Share this job
            </Link>
          </Button>
          {job.projectUrl ? (
            <Button asChild size="sm" variant="outline" className="min-h-11">
              <a href={job.projectUrl} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" />
                Project page
              </a>
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** /jobs: the finished jobs, newest first. A job is added from its converted lead. */
export function JobsList() {
  const pages = useJobPages();
  if (pages.isPending) return <PageSpinner label="Loading jobs" />;
  if (pages.isError)
    return (
      <FormAlert tone="error" className="items-center">
        <span className="mr-3">{errorMessage(pages.error, 'Could not load your jobs.')}</span>
        <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  const jobs = pages.data.pages.flatMap((p) => p.jobs);
  return (
    <section aria-labelledby="jobs-title" className="mx-auto max-w-3xl space-y-4">
      <div>
        <h2 id="jobs-title" className="text-lg font-semibold text-slate-900">
          Finished jobs
        </h2>
        <p className="text-sm text-slate-600">
          Add a job from a converted lead (Leads → Add job), then share it as a review request, a post and a project
          page.
        </p>
      </div>
      {jobs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="text-sm text-slate-700">No jobs yet.</p>
          <Button asChild variant="outline" className="mt-3 min-h-11">
            <Link href="/leads">Go to Leads</Link>
          </Button>
        </div>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <Button
          variant="outline"
          className="min-h-11 w-full"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Show more jobs'}
        </Button>
      ) : null}
    </section>
  );
}
