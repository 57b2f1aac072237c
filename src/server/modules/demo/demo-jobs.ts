import { ZCreateJobRequest } from '#shared/schemas/work.ts';
import type { TPhotoStage } from '#shared/work.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { loadSharp, storePhotos } from '#server/modules/work/job-photos.ts';
import { createJob, type WorkDeps } from '#server/modules/work/work.service.ts';
import type { ConvertedDemoLead } from './demo-leads.ts';

/**
 * The demo's finished jobs: its three latest converted leads' jobs, each with a before and an after
 * photo, through the work area's own services (Add job, then the photos), so /jobs and "Share this
 * job" show what a business gets once it logs its work. Two customers agreed to be named; the third
 * did not, so its project page would say "A customer in {town}". The proposals stay unapproved: the
 * visitor tries them. The photos are drawn here (a unit in a basement, before and after), not stock pictures.
 */
export async function seedDemoJobs(work: WorkDeps, auth: AuthContext, converted: ConvertedDemoLead[]): Promise<void> {
  // Won at least three days ago, so the work (two days after) is done.
  const latest = converted
    .filter((lead) => lead.closedAt.getTime() < Date.now() - 3 * DAY)
    .sort((a, b) => b.closedAt.getTime() - a.closedAt.getTime())
    .slice(0, 3)
    .reverse(); // added oldest first, so the list (newest first) starts with the latest
  for (const [i, lead] of latest.entries()) {
    const job = await createJob(
      work,
      auth,
      ZCreateJobRequest.parse({
        leadId: lead.id,
        service: lead.service,
        town: lead.location,
        completedOn: new Date(lead.closedAt.getTime() + 2 * DAY).toISOString().slice(0, 10),
        value: lead.jobValue,
        notes: NOTES[i],
        consent: i < 2,
      }),
    );
    const stages: TPhotoStage[] = ['before', 'after'];
    await storePhotos(
      work,
      auth.tenantId,
      job.id,
      await Promise.all(stages.map(async (stage) => ({ stage, data: await samplePhoto(stage, i) }))),
    );
  }
}

const DAY = 86_400_000;

const NOTES = [
  'Done in one visit; tested it with the customer and cleaned up after.',
  'Took the morning; walked the customer through the new settings.',
  'Finished ahead of schedule; the customer asked about a maintenance plan.',
];

/** A 1200×900 JPEG of a heating or cooling unit in a basement: grimy and rusted before, new and clean after. */
async function samplePhoto(stage: TPhotoStage, variant: number): Promise<Buffer> {
  const after = stage === 'after';
  const wall = ['#d9d2c5', '#cfd6d9', '#d8d3cb'][variant % 3];
  const unit = after ? '#f4f6f7' : '#8c8a83';
  const trim = after ? '#2b6cb0' : '#6b5a45';
  const stains = after
    ? ''
    : '<path d="M470 300 q20 80 -10 160 q30 -40 40 0 z" fill="#7a4a22" opacity=".55"/>' +
      '<path d="M690 420 q15 60 -5 120 q25 -30 30 0 z" fill="#7a4a22" opacity=".5"/>' +
      '<ellipse cx="600" cy="820" rx="260" ry="22" fill="#5c4a36" opacity=".35"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="${wall}"/>
    <rect y="760" width="1200" height="140" fill="${after ? '#b9b2a6' : '#8f8676'}"/>
    <rect x="540" y="40" width="120" height="180" fill="${after ? '#c9d3dc' : '#9a968c'}"/>
    <rect x="420" y="200" width="360" height="580" rx="14" fill="${unit}" stroke="${trim}" stroke-width="8"/>
    <rect x="460" y="260" width="280" height="160" rx="8" fill="${after ? '#e3e8ec' : '#77746c'}"/>
    <rect x="460" y="460" width="280" height="260" rx="8" fill="${after ? '#e9edf0' : '#7f7b72'}"/>
    ${[0, 1, 2, 3, 4].map((k) => `<rect x="490" y="${490 + k * 44}" width="220" height="12" rx="6" fill="${trim}" opacity=".6"/>`).join('')}
    <circle cx="700" cy="300" r="14" fill="${after ? '#38a169' : '#553c2a'}"/>
    <rect x="160" y="560" width="160" height="200" rx="10" fill="${after ? '#dfe6ea' : '#7d786f'}"/>
    ${stains}
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
