// Finished work (issue 36): a job done for a converted lead, its photos and what "Share this job"
// proposes. The zod-free lists, limits and messages both sides read; schemas/work.ts re-exports them.

export const PHOTO_STAGES = ['before', 'during', 'after'] as const;
export type TPhotoStage = (typeof PHOTO_STAGES)[number];
export const PHOTO_STAGE_LABELS: Record<TPhotoStage, string> = { before: 'Before', during: 'During', after: 'After' };

export const PROPOSAL_KINDS = ['review_request', 'post', 'project_page', 'blog_draft'] as const;
export type TProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_LABELS: Record<TProposalKind, string> = {
  review_request: 'Review request',
  post: 'Social post',
  project_page: 'Project page',
  blog_draft: 'Case study for your blog',
};

/** proposed: the draft is kept, nothing done yet; approved: it went out; skipped: the owner said no. */
export const PROPOSAL_STATUSES = ['proposed', 'approved', 'skipped'] as const;
export type TProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** At most this many photos per job, each at most this large before resizing. */
export const JOB_PHOTO_LIMIT = 10;
export const JOB_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The longest side a stored photo keeps, in pixels. */
export const JOB_PHOTO_MAX_EDGE = 1600;

/** The question a finished job's review page asks the customer (their answer is recorded on the job). */
export const CONSENT_QUESTION = 'May we show your first name and the photos of your job on our website?';

export const WORK_MESSAGES = {
  leadNotConverted: 'Mark the lead as converted before adding the job.',
  addressNeedsConsent: 'Leave the street address out unless the customer agreed to show it.',
  noPhotos: 'Choose at least one photo.',
  tooManyPhotos: `A job holds at most ${JOB_PHOTO_LIMIT} photos.`,
  photoTooLarge: 'Each photo must be 15 MB or smaller.',
  photoType: 'Photos must be JPEG, PNG, HEIC or WebP images.',
  heic: 'This HEIC photo could not be read: the file may be damaged. Share the photo as JPEG (or on the iPhone choose Settings › Camera › Formats › Most Compatible) and upload it again.',
  heicTooLarge: 'This HEIC photo is larger than 50 megapixels. Share it as JPEG and upload it again.',
  unreadable: 'That file could not be read as an image.',
  stage: 'Mark each photo as before, during or after (the form field name).',
  notMultipart: 'Send the photos as multipart/form-data.',
  alreadyDone: 'This proposal was already approved.',
  postTimePast: 'Pick a date and time in the future, or Post now.',
  postNeedsNetwork: 'Choose a network for the post under Edit, then approve it.',
  reviewRefused: 'The review request was not sent',
} as const;
