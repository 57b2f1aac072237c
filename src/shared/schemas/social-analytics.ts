import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './social.ts';
import {
  ANALYTICS_PERIODS,
  SOCIAL_IMAGE_MAX_BYTES,
  SOCIAL_IMAGE_MESSAGES,
  type TAnalyticsPeriod,
} from '../social-analytics.ts';

/**
 * GET /api/social/analytics: the networks' figures for the business's published posts (issue 15).
 * The zod-free constants (periods, image limits) live in shared/social-analytics.ts.
 */
export * from '../social-analytics.ts';

export const ZSocialAnalyticsQuery = z.object({
  period: z.enum(Object.keys(ANALYTICS_PERIODS) as [TAnalyticsPeriod, ...TAnalyticsPeriod[]]).default('30d'),
});

const ZFigures = z.object({
  posts: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  comments: z.number().int(),
  reach: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** (likes + shares + comments) / reach (else impressions), in percent; null with no reach. */
  engagementRate: z.number().nullable(),
  /** The account's followers as last read from the network; null before the first read. */
  followers: z.number().int().nullable(),
  /** Followers gained (or lost, negative) over the period; null without an earlier figure. */
  followersChange: z.number().int().nullable(),
});
export type TSocialFigures = z.infer<typeof ZFigures>;

export const ZSocialAnalytics = z.object({
  period: z.string(),
  /** The seeded demo business: the figures are samples (shown under a Demo Data badge). */
  sample: z.boolean(),
  /** When the networks were last asked; null when no post has figures yet. */
  lastSyncedAt: z.string().nullable(),
  totals: ZFigures,
  platforms: z.array(ZFigures.extend({ platform: z.enum(SOCIAL_PLATFORMS) })),
});
export type TSocialAnalytics = z.infer<typeof ZSocialAnalytics>;

export const ZSocialImageUpload = z.object({
  filename: z.string().trim().min(1, 'The file needs a name').max(200),
  /** Base64, at most 5 MB once decoded. */
  data: z
    .string()
    .max(Math.ceil(SOCIAL_IMAGE_MAX_BYTES / 3) * 4 + 4, SOCIAL_IMAGE_MESSAGES.size)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The image data is not valid base64.'),
});
export type TSocialImageUpload = z.infer<typeof ZSocialImageUpload>;

export const ZSocialImage = z.object({
  /** The image's public, unguessable address: what the networks fetch and the post keeps. */
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type TSocialImage = z.infer<typeof ZSocialImage>;
