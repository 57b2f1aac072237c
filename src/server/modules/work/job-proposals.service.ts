import type { z } from 'zod';
import { lengthProblem, PLATFORM_DEFS, suggestedPostTime, type TSocialPlatform } from '#shared/schemas/social.ts';
import {
  PROPOSAL_CONTENT,
  PROPOSAL_KINDS,
  WORK_MESSAGES,
  type TProposal,
  type TProposalKind,
  type TProposalList,
} from '#shared/schemas/work.ts';
import { WEBSITE_MESSAGES } from '#shared/schemas/website.ts';
import { zonedWhen } from '#shared/zoned-time.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError, FieldError } from '#server/errors.ts';
import { leadOf } from '#server/modules/leads/leads.service.ts';
import { refusal, scheduleRequest } from '#server/modules/reviews/review-requests.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { uploadImage } from '#server/modules/social/social-images.ts';
import { connectedPlatforms, createPost } from '#server/modules/social/social.service.ts';
import { createBlogPost, publishBlogPost } from '#server/modules/website/blog.service.ts';
import { businessSlug } from '#server/modules/website/lead-intake.service.ts';
import { blogDraft, caption, factsOf, pageDraft } from './job-drafts.ts';
import { loadSharp, ownPhotoBytes } from './job-photos.ts';
import { reviewPageUrl } from './review-page.ts';
import { jobRowOr404, jobViews, projectUrl, type WorkDeps } from './work.service.ts';
import * as repo from './work.repo.ts';

/**
 * "Share this job" (issue 36): four proposals drafted once from the job's facts and kept, each
 * approved (with the owner's edits) or skipped on its own. Approving hands the work to the area
 * that owns it: the review request to the review-requests flow and its rules, the post to the
 * social area (photo attached, before/after pair side by side, at the suggested time: the next of
 * the Optimal Posting Times of its networks, or when the owner chose), the project page goes public (projects-public.routes.ts), the case study
 * becomes a blog draft and, with WordPress set up, a draft there.
 */
type Content<K extends TProposalKind> = z.output<(typeof PROPOSAL_CONTENT)[K]>;

/** The photos a post shows: the latest before/after pair when there is one, else the first after (or any) photo. */
export function bestPhotos(photos: repo.PhotoRow[]): repo.PhotoRow[] {
  const before = photos.filter((p) => p.stage === 'before').at(-1);
  const after = photos.filter((p) => p.stage === 'after').at(-1);
  if (before && after) return [before, after];
  const one = after ?? photos.find((p) => p.stage === 'during') ?? photos[0];
  return one ? [one] : [];
}

/** The drafts not kept yet, written now and kept (the caption is one AI call per job). */
async function ensureDrafts(deps: WorkDeps, auth: AuthContext, job: repo.JobRow, photos: repo.PhotoRow[]) {
  const rows = await repo.proposalsOf(deps.db, auth.tenantId, job.id);
  const have = new Set(rows.map((r) => r.kind));
  if (have.size === PROPOSAL_KINDS.length) return rows;
  const facts = factsOf(job, auth.tenantName, photos);
  const lead = await leadOf(deps, auth.tenantId, job.leadId);
  const drafts: { [K in TProposalKind]: () => Promise<Record<string, unknown>> } = {
    review_request: async () => ({ customerName: lead?.name ?? '', askConsent: true }),
    post: async () => {
      const { value, source } = await caption(deps.ai, auth, facts);
      const connected = [...(await connectedPlatforms(deps.social, auth.tenantId))];
      const platforms = connected.slice(0, 4);
      return {
        text: value.text,
        hashtags: value.hashtags,
        platforms,
        scheduledFor: suggestedPostTime(platforms, new Date(), await tenantTimezone(deps, auth.tenantId)),
        photoIds: bestPhotos(photos).map((p) => p.id),
        captionSource: source,
      };
    },
    project_page: async () => ({ ...pageDraft(facts), photoIds: photos.map((p) => p.id) }),
    blog_draft: async () => blogDraft(facts),
  };
  for (const kind of PROPOSAL_KINDS) {
    if (!have.has(kind)) await repo.keepDraft(deps.db, auth.tenantId, job.id, kind, await drafts[kind]());
  }
  return repo.proposalsOf(deps.db, auth.tenantId, job.id);
}

function parseContent<K extends TProposalKind>(kind: K, raw: unknown): Content<K> {
  const parsed = PROPOSAL_CONTENT[kind].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new FieldError(['content', ...issue.path].join('.'), issue.message);
  }
  return parsed.data as Content<K>;
}

type PostContent = Content<'post'>;

/**
 * When a post goes out: the time kept with it while still ahead, at once when the owner said so
 * (null), else the suggested time from now (a kept suggestion that has passed is suggested anew).
 */
function postTime(content: Partial<PostContent>, now: Date, timeZone: string): string | null {
  if (content.scheduledFor === null) return null;
  if (content.scheduledFor && Date.parse(content.scheduledFor) > now.getTime()) return content.scheduledFor;
  return suggestedPostTime(content.platforms ?? [], now, timeZone);
}

const postLink = (url: string, jobId: string) => `${url}?utm_source=social&utm_medium=social&utm_campaign=job-${jobId}`;

/** The job's four proposals as the screen shows them: the kept draft or what was done. */
export async function listProposals(deps: WorkDeps, auth: AuthContext, jobId: string): Promise<TProposalList> {
  const job = await jobRowOr404(deps, auth.tenantId, jobId);
  const photos = await repo.photosOf(deps.db, auth.tenantId, [job.id]);
  const rows = await ensureDrafts(deps, auth, job, photos);
  const [view, lead, connected, business, timeZone] = await Promise.all([
    jobViews(deps, auth.tenantId, [job]).then((v) => v[0]!),
    leadOf(deps, auth.tenantId, job.leadId),
    connectedPlatforms(deps.social, auth.tenantId),
    businessSlug(deps, auth.tenantId),
    tenantTimezone(deps, auth.tenantId),
  ]);
  const pageUrl = projectUrl(deps.appUrl, business, job.slug);
  const proposals = PROPOSAL_KINDS.map((kind): TProposal => {
    const row = rows.find((r) => r.kind === kind)!;
    const base = {
      status: row.status,
      outcome: row.outcome,
      link: null as string | null,
      blocked: null as string | null,
    };
    switch (kind) {
      case 'review_request': {
        const to = [lead?.phone && `a text to ${lead.phone}`, lead?.email && `an email to ${lead.email}`].filter(
          Boolean,
        );
        return {
          kind,
          ...base,
          content: parseContent(kind, row.content),
          to: to.length ? `Sent as ${to.join(' and ')}.` : 'No phone number or email on the lead.',
        };
      }
      case 'post': {
        const content = parseContent(kind, row.content);
        if (row.status !== 'approved') content.scheduledFor = postTime(content, new Date(), timeZone);
        return {
          kind,
          ...base,
          content,
          connected: [...connected],
          scheduledFor: content.scheduledFor ?? null,
          timeZone,
          captionSource: row.content.captionSource === 'ai' ? 'ai' : 'offline',
          link: row.status === 'approved' ? '/social' : null,
        };
      }
      case 'project_page':
        return {
          kind,
          ...base,
          content: parseContent(kind, row.content),
          url: pageUrl,
          link: row.status === 'approved' ? pageUrl : null,
        };
      case 'blog_draft':
        return {
          kind,
          ...base,
          content: parseContent(kind, row.content),
          link: row.status === 'approved' && row.ref ? `/website/blog/${row.ref}` : null,
        };
    }
  });
  const review = proposals[0];
  if (review?.kind === 'review_request' && review.status === 'proposed' && lead) {
    review.blocked = await refusal(
      deps.requests,
      auth.tenantId,
      { leadId: lead.id, customerName: lead.name, phone: lead.phone, email: lead.email },
      timeZone,
      new Date(),
    );
  }
  return { job: view, proposals };
}

/** The post's image: one photo, or the before/after pair side by side (1600×840, a shape every network takes). */
async function postImage(deps: WorkDeps, photos: repo.PhotoRow[]): Promise<Buffer | null> {
  if (photos.length === 0) return null;
  const bytes = await Promise.all(photos.map((p) => ownPhotoBytes(deps, p)));
  if (bytes.length === 1) return bytes[0]!;
  const sharp = await loadSharp();
  const halves = await Promise.all(
    bytes.map((b) => sharp(b).resize({ width: 800, height: 840, fit: 'cover' }).jpeg().toBuffer()),
  );
  return sharp({ create: { width: 1600, height: 840, channels: 3, background: '#ffffff' } })
    .composite(halves.map((input, i) => ({ input, left: i * 800, top: 0 })))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

function ownPhotos(photos: repo.PhotoRow[], ids: string[]): repo.PhotoRow[] {
  return ids.map((id, i) => {
    const photo = photos.find((p) => p.id === id);
    if (!photo) throw new FieldError(`content.photoIds.${i}`, 'That photo is not one of this job’s.');
    return photo;
  });
}

type Done = { ref: string | null; outcome: string };

async function carryOut(
  deps: WorkDeps,
  auth: AuthContext,
  job: repo.JobRow,
  kind: TProposalKind,
  raw: unknown,
  rows: repo.ProposalRow[],
): Promise<Done> {
  const photos = await repo.photosOf(deps.db, auth.tenantId, [job.id]);
  switch (kind) {
    case 'review_request': {
      const content = parseContent(kind, raw);
      const lead = await leadOf(deps, auth.tenantId, job.leadId);
      if (!lead) throw new AppError('conflict', 'The lead of this job was deleted.');
      const who = { leadId: lead.id, customerName: content.customerName, phone: lead.phone, email: lead.email };
      const reason = await refusal(
        deps.requests,
        auth.tenantId,
        who,
        await tenantTimezone(deps, auth.tenantId),
        new Date(),
      );
      if (reason) throw new AppError('conflict', `${WORK_MESSAGES.reviewRefused}: ${reason}`);
      const landingUrl = content.askConsent
        ? reviewPageUrl(deps.appUrl, deps.requests.box, auth.tenantId, job.id)
        : undefined;
      const row = await scheduleRequest(deps.requests, auth.tenantId, {
        ...who,
        trigger: 'manual',
        delayHours: 0,
        ...(landingUrl ? { landingUrl } : {}),
      });
      const asks = content.askConsent ? ', asking whether their first name and the photos may be shown' : '';
      return { ref: row.id, outcome: `Review request to ${content.customerName} scheduled${asks}.` };
    }
    case 'post': {
      const content = parseContent(kind, raw);
      if (content.platforms.length === 0) throw new FieldError('content.platforms', WORK_MESSAGES.postNeedsNetwork);
      const at = content.scheduledFor ?? null;
      if (at !== null && Date.parse(at) < Date.now() - 60_000)
        throw new FieldError('content.scheduledFor', WORK_MESSAGES.postTimePast);
      const image = await postImage(deps, ownPhotos(photos, content.photoIds));
      const imageUrl = image
        ? (await uploadImage(deps, auth, { filename: `job-${job.slug}.jpg`, data: image.toString('base64') })).url
        : undefined;
      const pageSkipped = rows.find((r) => r.kind === 'project_page')?.status === 'skipped';
      const link = pageSkipped
        ? ''
        : postLink(projectUrl(deps.appUrl, await businessSlug(deps, auth.tenantId), job.slug), job.id);
      const targets = content.platforms.map((platform: TSocialPlatform) => {
        const withLink = link ? `${content.text}\n\n${link}` : content.text;
        const text = lengthProblem(platform, withLink, content.hashtags) ? content.text : withLink;
        return { platform, content: text, hashtags: content.hashtags };
      });
      const posts = await createPost(deps.social, auth, {
        content: content.text,
        targets,
        ...(at === null ? { now: true } : { scheduledFor: at }),
        ...(imageUrl ? { imageUrl } : {}),
      });
      const names = content.platforms.map((p) => PLATFORM_DEFS[p].name).join(', ');
      const timeZone = await tenantTimezone(deps, auth.tenantId);
      return {
        ref: posts[0]?.groupId ?? null,
        outcome: at === null ? `Posting now to ${names}.` : `Scheduled for ${zonedWhen(at, timeZone)} on ${names}.`,
      };
    }
    case 'project_page': {
      const content = parseContent(kind, raw);
      ownPhotos(photos, content.photoIds);
      const url = projectUrl(deps.appUrl, await businessSlug(deps, auth.tenantId), job.slug);
      return { ref: null, outcome: `Published at ${url}` };
    }
    case 'blog_draft': {
      const content = parseContent(kind, raw);
      const post = await createBlogPost(deps.website, auth, {
        title: content.title,
        content: content.body,
        metaDescription: `${job.service} in ${job.town.split(',')[0]}: how the job went.`.slice(0, 300),
        categories: ['Projects'],
        tags: [],
        platform: 'blog',
        topic: job.service.slice(0, 200),
      });
      try {
        await publishBlogPost(deps.website, auth, post.id, 'draft');
        return { ref: post.id, outcome: 'Saved as a draft on WordPress and in Website › Blog.' };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const why =
          err.message === WEBSITE_MESSAGES.wordpressNotConfigured
            ? 'set up WordPress in Settings to send it there'
            : `WordPress answered: ${err.message}`;
        return { ref: post.id, outcome: `Saved as a draft in Website › Blog (${why}).` };
      }
    }
  }
}

/** Approves one proposal with the owner's edits (the kept draft when none): claimed first, released if its work fails. */
export async function approveProposal(
  deps: WorkDeps,
  auth: AuthContext,
  jobId: string,
  kind: TProposalKind,
  edited: Record<string, unknown> | undefined,
): Promise<TProposal> {
  const job = await jobRowOr404(deps, auth.tenantId, jobId);
  const photos = await repo.photosOf(deps.db, auth.tenantId, [job.id]);
  const rows = await ensureDrafts(deps, auth, job, photos);
  const row = rows.find((r) => r.kind === kind)!;
  if (row.status === 'approved') throw new AppError('conflict', WORK_MESSAGES.alreadyDone);
  const parsed: Record<string, unknown> = parseContent(kind, edited ?? row.content);
  // A post approved without a time of its own goes at the time the screen showed (the kept one or the suggestion).
  if (kind === 'post' && (edited === undefined || parsed.scheduledFor === undefined)) {
    const timeZone = await tenantTimezone(deps, auth.tenantId);
    parsed.scheduledFor = postTime(row.content as Partial<PostContent>, new Date(), timeZone);
  }
  const content = { ...row.content, ...parsed };
  if (row.status === 'skipped') await repo.reopen(deps.db, auth.tenantId, job.id, kind);
  if (!(await repo.decide(deps.db, auth.tenantId, job.id, kind, { status: 'approved', content })))
    throw new AppError('conflict', WORK_MESSAGES.alreadyDone);
  let done: Done;
  try {
    done = await carryOut(deps, auth, job, kind, content, rows);
  } catch (err) {
    await repo.release(deps.db, auth.tenantId, job.id, kind);
    throw err;
  }
  await repo.setOutcome(deps.db, auth.tenantId, job.id, kind, done);
  return (await listProposals(deps, auth, job.id)).proposals.find((p) => p.kind === kind)!;
}

/** Skips one proposal (it can still be approved later). */
export async function skipProposal(
  deps: WorkDeps,
  auth: AuthContext,
  jobId: string,
  kind: TProposalKind,
): Promise<TProposal> {
  const job = await jobRowOr404(deps, auth.tenantId, jobId);
  const photos = await repo.photosOf(deps.db, auth.tenantId, [job.id]);
  const rows = await ensureDrafts(deps, auth, job, photos);
  const row = rows.find((r) => r.kind === kind)!;
  if (row.status === 'approved') throw new AppError('conflict', WORK_MESSAGES.alreadyDone);
  if (row.status === 'proposed')
    await repo.decide(deps.db, auth.tenantId, job.id, kind, {
      status: 'skipped',
      content: row.content,
      outcome: 'Skipped.',
    });
  return (await listProposals(deps, auth, job.id)).proposals.find((p) => p.kind === kind)!;
}
