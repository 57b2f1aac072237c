import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../social.ts';
import { PHOTO_STAGES, PROPOSAL_KINDS, PROPOSAL_STATUSES, WORK_MESSAGES } from '../work.ts';
import { zString } from './string.ts';

/**
 * Finished work (issue 36): POST/GET /api/jobs, the photos, and "Share this job"'s proposals.
 * The zod-free lists and messages live in shared/work.ts.
 */
export * from '../work.ts';

const text = (label: string, max: number) =>
  zString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ZCreateJobRequest = z
  .object({
    leadId: z.uuid('Choose the lead this job was for'),
    service: text('Service', 200),
    town: text('Town', 120),
    completedOn: z.iso.date('Completed on must be a date (YYYY-MM-DD)'),
    value: z
      .number('Value must be a number')
      .min(0, 'Value cannot be negative')
      .max(10_000_000, 'Value must be at most 10,000,000')
      .nullable()
      .optional(),
    notes: zString().trim().max(2000, 'Notes must be at most 2,000 characters').optional(),
    /** The customer agreed to be named, and their review shown, on public pages. */
    consent: z.boolean('Consent must be true or false').default(false),
    address: zString().trim().max(200, 'Address must be at most 200 characters').optional(),
  })
  .refine((b) => !b.address || b.consent, { message: WORK_MESSAGES.addressNeedsConsent, path: ['address'] });
export type TCreateJobRequest = z.input<typeof ZCreateJobRequest>;

export const ZJobPhoto = z.object({
  id: zString(),
  stage: z.enum(PHOTO_STAGES),
  url: zString(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TJobPhoto = z.infer<typeof ZJobPhoto>;

export const ZJob = z.object({
  id: zString(),
  leadId: zString(),
  customerName: zString(),
  service: zString(),
  town: zString(),
  completedOn: zString(),
  value: z.number().nullable(),
  notes: zString().nullable(),
  consent: z.boolean(),
  /** The customer answered the review page's question themselves (consent is their answer). */
  consentAnswered: z.boolean(),
  slug: zString(),
  /** The project page's public address once it is approved; null before. */
  projectUrl: zString().nullable(),
  photos: z.array(ZJobPhoto),
  createdAt: zString(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobListQuery = z.object({
  cursor: zString().max(200).optional(),
  leadId: z.uuid('leadId must be a lead id').optional(),
});
export const ZJobPage = z.object({ jobs: z.array(ZJob), nextCursor: zString().nullable() });
export type TJobPage = z.infer<typeof ZJobPage>;

export const ZJobPhotos = z.object({ photos: z.array(ZJobPhoto) });

/** The multipart form of POST /api/jobs/:id/photos: each file under the field named for its stage. */
export const ZJobPhotoForm = z
  .object(
    Object.fromEntries(
      PHOTO_STAGES.map((s) => [s, z.array(zString().meta({ format: 'binary' })).optional()]),
    ) as Record<(typeof PHOTO_STAGES)[number], z.ZodOptional<z.ZodArray<z.ZodString>>>,
  )
  .describe(
    'multipart/form-data: up to 10 images (JPEG, PNG, HEIC or WebP, at most 15 MB each), each under the field named for its stage: before, during or after.',
  );

// The proposals -----------------------------------------------------------------------------------

export const ZReviewRequestContent = z.object({
  customerName: text('Customer name', 120),
  /** The request's link opens the job's review page, which asks CONSENT_QUESTION beside the review link. */
  askConsent: z.boolean('Ask consent must be true or false').default(true),
});
export const ZPostContent = z.object({
  text: text('Post text', 2000),
  hashtags: zString().trim().max(300, 'Hashtags must be at most 300 characters').default(''),
  platforms: z.array(z.enum(SOCIAL_PLATFORMS)).max(4).default([]),
  photoIds: z.array(z.uuid()).max(2, 'A post takes one photo, or a before/after pair').default([]),
  /** When it goes out: the suggested time (the next Optimal Posting Time) unless changed; null posts it at once. */
  scheduledFor: z.iso.datetime({ offset: true, message: 'Pick a date and time.' }).nullable().optional(),
});
export const ZProjectPageContent = z.object({
  title: text('Title', 120),
  summary: text('Summary', 1500),
  photoIds: z.array(z.uuid()).max(10).default([]),
});
export const ZBlogDraftContent = z.object({
  title: text('Title', 200),
  body: text('Article', 20_000),
});
export const PROPOSAL_CONTENT = {
  review_request: ZReviewRequestContent,
  post: ZPostContent,
  project_page: ZProjectPageContent,
  blog_draft: ZBlogDraftContent,
} as const;

const ZProposalBase = {
  status: z.enum(PROPOSAL_STATUSES),
  /** What happened, in words (sent, scheduled for…, published at…), or why it cannot go now. */
  outcome: zString().nullable(),
  /** Why approving would be refused now (no network connected, the customer opted out, …); null when it can go. */
  blocked: zString().nullable(),
  /** Where to see what it became (the project page, the post list, the blog draft). */
  link: zString().nullable(),
};
export const ZProposal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('review_request'), content: ZReviewRequestContent, to: zString(), ...ZProposalBase }),
  z.object({
    kind: z.literal('post'),
    content: ZPostContent,
    connected: z.array(z.enum(SOCIAL_PLATFORMS)),
    /** When it goes (or went) out; null: at once. */
    scheduledFor: zString().nullable(),
    /** The business's time zone, in which the time is shown and edited. */
    timeZone: zString(),
    captionSource: z.enum(['ai', 'offline']),
    ...ZProposalBase,
  }),
  z.object({ kind: z.literal('project_page'), content: ZProjectPageContent, url: zString(), ...ZProposalBase }),
  z.object({ kind: z.literal('blog_draft'), content: ZBlogDraftContent, ...ZProposalBase }),
]);
export type TProposal = z.infer<typeof ZProposal>;
export const ZProposalList = z.object({ job: ZJob, proposals: z.array(ZProposal) });
export type TProposalList = z.infer<typeof ZProposalList>;

export const ZProposalParams = z.object({ id: zString().max(100), kind: z.enum(PROPOSAL_KINDS, 'Unknown proposal') });
export const ZApproveRequest = z.object({
  /** The edited content, in the shape of the proposal's kind; the proposed draft when left out. */
  content: z.record(z.string(), z.unknown()).optional(),
});
export type TApproveRequest = z.infer<typeof ZApproveRequest>;
