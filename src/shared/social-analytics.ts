// Social analytics and image-upload constants without zod, so the social page loads no schema
// code before its first paint; schemas/social-analytics.ts re-exports them beside its schemas.

/** The periods GET /api/social/analytics offers, in days. */
export const ANALYTICS_PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type TAnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;

// Images uploaded for a post (POST /api/social/images). X takes images up to 5 MB.
export const SOCIAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SOCIAL_IMAGE_MESSAGES = {
  type: 'The image must be a JPEG, PNG, WebP or GIF file.',
  size: 'The image must be at most 5 MB.',
  empty: 'The image file is empty.',
  instagramJpeg: 'Instagram takes JPEG images only: upload a .jpg photo.',
  xNeedsUpload: 'X does not take image links: upload the image file instead of pasting its address.',
} as const;
