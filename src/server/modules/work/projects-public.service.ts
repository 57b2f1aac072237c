import { ZProjectPageContent } from '#shared/schemas/work.ts';
import { leadOf } from '#server/modules/leads/leads.service.ts';
import { firstNameOf } from '#server/modules/reviews/review-request-rules.ts';
import { customerReview } from '#server/modules/reviews/reviews.service.ts';
import {
  businessBySlug,
  formHiddenFields,
  submitTargetForm,
  type LeadFormOutcome,
  type PublicPage,
} from '#server/modules/website/lead-intake.service.ts';
import { monthOf } from './job-drafts.ts';
import { photoUrl, smallPhotoUrl } from './job-photos.ts';
import { renderPortfolio, renderProjectPage } from './project-template.ts';
import * as repo from './work.repo.ts';
import type { WorkDeps } from './work.service.ts';

/**
 * The public side of finished jobs: /p/{business}/projects (the portfolio), /p/{business}/projects/{slug}
 * (a project page, once its proposal is approved) and its lead form, whose leads carry the
 * project as their source (`project:{job id}`, Revenue by source: Finished jobs).
 */
type Deps = Pick<WorkDeps, 'db' | 'website' | 'appUrl'>;

/** The job's photos go public unless the customer said no on the review page (they may show the customer's home or face). */
const photosShown = (job: repo.JobRow) => job.consent || job.consentAnsweredAt === null;

async function published(deps: Deps, business: string, slug: string) {
  const tenant = await businessBySlug(deps.website, business);
  if (!tenant) return null;
  const job = await repo.findJobBySlug(deps.db, tenant.tenantId, slug);
  if (!job) return null;
  const proposal = (await repo.proposalsOf(deps.db, tenant.tenantId, job.id)).find((p) => p.kind === 'project_page');
  const content = ZProjectPageContent.safeParse(proposal?.content);
  if (proposal?.status !== 'approved' || !content.success) return null;
  return { tenant, job, content: content.data };
}

export async function projectPage(
  deps: Deps,
  business: string,
  slug: string,
  query: Record<string, unknown>,
  visit: { referrer?: string | undefined },
): Promise<PublicPage> {
  const found = await published(deps, business, slug);
  if (!found) return null;
  const { tenant, job, content } = found;
  const photos = photosShown(job) ? await repo.photosOf(deps.db, tenant.tenantId, [job.id]) : [];
  const shown = content.photoIds.flatMap((id) => photos.filter((p) => p.id === id));
  // The customer's review once it arrives; their first name only with their recorded yes.
  const lead = await leadOf(deps, tenant.tenantId, job.leadId);
  const review = lead ? await customerReview(deps, tenant.tenantId, lead.name, new Date(job.completedOn)) : null;
  const town = job.town.split(',')[0]!.trim();
  const { hidden, siteKey } = await formHiddenFields(
    deps.website,
    { id: job.id, tenantId: tenant.tenantId },
    query,
    visit,
  );
  const path = `/p/${business}/projects/${slug}`;
  const challenge = siteKey ? { siteKey, baseUrl: deps.website.turnstileBaseUrl } : undefined;
  return {
    title: content.title,
    challenge: siteKey !== null,
    html: renderProjectPage(
      {
        title: content.title,
        summary: content.summary,
        service: job.service,
        town: job.consent && job.address ? `${job.address}, ${job.town}` : job.town,
        month: monthOf(job.completedOn),
        photos: shown.map((p) => ({
          url: photoUrl(deps.appUrl, p.token),
          smallUrl: smallPhotoUrl(deps.appUrl, p),
          stage: p.stage,
          width: p.width,
          height: p.height,
        })),
        review: review && {
          rating: review.rating,
          content: review.content,
          author: job.consent ? firstNameOf(review.customerName) : `A customer in ${town}`,
        },
      },
      {
        businessName: tenant.name,
        formAction: `${path}/lead`,
        url: `${deps.appUrl}${path}`,
        hidden,
        challenge,
        portfolioPath: `/p/${business}/projects`,
      },
    ),
  };
}

export async function portfolioPage(deps: Deps, business: string): Promise<string | null> {
  const tenant = await businessBySlug(deps.website, business);
  if (!tenant) return null;
  const jobs = await repo.publishedJobs(deps.db, tenant.tenantId);
  const photos = await repo.photosOf(
    deps.db,
    tenant.tenantId,
    jobs.filter(photosShown).map((j) => j.id),
  );
  const items = await Promise.all(
    jobs.map(async (job) => {
      const proposal = (await repo.proposalsOf(deps.db, tenant.tenantId, job.id)).find(
        (p) => p.kind === 'project_page',
      );
      const content = ZProjectPageContent.safeParse(proposal?.content);
      const first = content.success
        ? content.data.photoIds.map((id) => photos.find((p) => p.id === id)).find((p) => p !== undefined)
        : undefined;
      return {
        title: content.success ? content.data.title : job.service,
        town: job.town,
        month: monthOf(job.completedOn),
        href: `/p/${business}/projects/${job.slug}`,
        photo: first
          ? {
              url: photoUrl(deps.appUrl, first.token),
              smallUrl: smallPhotoUrl(deps.appUrl, first),
              width: first.width,
              height: first.height,
            }
          : null,
      };
    }),
  );
  return renderPortfolio(items, tenant.name, `${deps.appUrl}/p/${business}/projects`);
}

/** A post of a project page's form: the landing pages' checks, the project as the lead's source. */
export async function submitProjectForm(
  deps: Pick<WorkDeps, 'db' | 'website' | 'appUrl'>,
  business: string,
  slug: string,
  body: unknown,
  ip: string,
): Promise<LeadFormOutcome> {
  const found = await published(deps, business, slug);
  if (!found) return { kind: 'missing' };
  const { tenant, job, content } = found;
  return submitTargetForm(
    deps.website,
    {
      id: job.id,
      tenantId: tenant.tenantId,
      title: content.title,
      businessName: tenant.name,
      source: `project:${job.id}`,
      sourceLabel: `the project page "${content.title}"`,
      sourceTitle: content.title,
    },
    body,
    ip,
  );
}
