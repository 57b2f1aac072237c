import { useRoute } from 'wouter';
import { AddJobForm } from './add-job-form';
import { JobsList } from './jobs-list';
import { ShareJob } from './share-job';

/** /jobs (the list), /jobs/new?lead=… (Add job) and /jobs/:id ("Share this job"). */
export default function JobsPage() {
  const [adding] = useRoute('/jobs/new');
  const [one, params] = useRoute<{ id: string }>('/jobs/:id');
  if (adding) return <AddJobForm />;
  if (one) return <ShareJob key={params.id} jobId={params.id} />;
  return <JobsList />;
}
