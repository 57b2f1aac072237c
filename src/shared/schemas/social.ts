import { z } from 'zod';
import { zString } from './string.ts';
import { POST_STATUSES, SOCIAL_PLATFORMS } from '../social.ts';

/**
 * Social posting (issue 15). A post written for N platforms is stored as N targets (one
 * social_posts row each, sharing a groupId), each published and retried on its own.
 *
 * GET /api/social/posts?from&to&status, POST /api/social/posts, PATCH/DELETE
 * /api/social/posts/:id (only while scheduled), POST /api/social/posts/:id/retry,
 * POST /api/social/generate. Reads: any member; changes: any member (posting is everyday work).
 * The zod-free constants and helpers live in shared/social.ts.
 */
export * from '../social.ts';

export const ZSocialPost = z.object({
  id: z.uuid(),
  groupId: z.uuid().nullable(),
  platform: z.enum(SOCIAL_PLATFORMS),
  content: zString(),
  hashtags: zString().nullable(),
  imageUrl: zString().nullable(),
  status: z.enum(POST_STATUSES),
  scheduledFor: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  externalUrl: zString().nullable(),
  /** Why it failed, in plain English (what to do included). */
  errorMessage: zString().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TSocialPost = z.infer<typeof ZSocialPost>;

export const ZPlatformState = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  /** A connected account (OAuth or pasted in Settings → Social) can publish it. */
  connected: z.boolean(),
});

export const ZSocialPostList = z.object({
  posts: z.array(ZSocialPost),
  /** The business's time zone: the wizard's date and time are in it. */
  timezone: zString(),
  platforms: z.array(ZPlatformState),
});
export type TSocialPostList = z.infer<typeof ZSocialPostList>;

export const ZSocialPostListQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(POST_STATUSES).optional(),
});

const ZHashtags = zString().trim().max(1000, 'Hashtags must be 1,000 characters or fewer.');
const ZImageUrl = zString()
  .trim()
  .max(2000, 'Image URL must be 2,000 characters or fewer.')
  .regex(/^https?:\/\/[^\s]+$/i, 'Image URL must be a web address starting with https://.');

export const ZPostTarget = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  content: zString().max(63206, 'Content must be 63,206 characters or fewer.'),
  hashtags: ZHashtags.optional(),
});
export type TPostTarget = z.infer<typeof ZPostTarget>;

export const ZCreatePostRequest = z
  .object({
    content: zString().trim().min(1, 'Post content is required.').max(63206),
    targets: z
      .array(ZPostTarget)
      .min(1, 'Select at least one platform.')
      .max(4)
      .refine((t) => new Set(t.map((x) => x.platform)).size === t.length, 'Each platform may appear once.'),
    scheduledFor: z.iso.datetime({ offset: true, message: 'Pick a date and time.' }).optional(),
    now: z.boolean().optional(),
    imageUrl: ZImageUrl.optional(),
  })
  .refine((b) => b.now === true || b.scheduledFor !== undefined, {
    message: 'Pick a date and time, or post now.',
    path: ['scheduledFor'],
  });
export type TCreatePost = z.infer<typeof ZCreatePostRequest>;

export const ZUpdatePostRequest = z.object({
  content: zString().trim().min(1, 'Post content is required.').max(63206).optional(),
  hashtags: ZHashtags.optional(),
  scheduledFor: z.iso.datetime({ offset: true, message: 'Pick a date and time.' }).optional(),
});
export type TUpdatePost = z.infer<typeof ZUpdatePostRequest>;

export const ZCreatePostResponse = z.object({ posts: z.array(ZSocialPost) });

export const ZGenerateRequest = z.object({
  topic: zString().trim().min(1, 'Enter a topic for your post.').max(500, 'Keep the topic under 500 characters.'),
  platforms: z.array(z.enum(SOCIAL_PLATFORMS)).max(4).default([]),
});

export const ZGeneratedDraft = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  content: zString(),
  hashtags: zString(),
});

export const ZGenerateResponse = z.object({
  content: zString(),
  drafts: z.array(ZGeneratedDraft),
  source: z.enum(['ai', 'offline']),
  /** The plan's AI posts a month (null = unlimited); each Generate counts one. */
  limit: z.number().int().nullable(),
});
export type TGenerateResponse = z.infer<typeof ZGenerateResponse>;

/** POST /api/social/import(?dryRun=true): a CSV with text, platforms, date, time, image_url. */
export const ZImportRequest = z.object({
  csv: zString().min(1, 'Choose a CSV file to import.').max(500_000, 'The CSV file must be 500 KB or smaller.'),
});
export const ZImportQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });

export const ZImportRow = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  text: zString(),
  platforms: z.array(zString()),
  scheduledFor: z.iso.datetime().nullable(),
  problems: z.array(zString()),
});

export const ZImportResponse = z.object({
  rows: z.array(ZImportRow),
  /** Posts (targets) created; 0 on a dry run or when any row has a problem. */
  imported: z.number().int(),
});
export type TImportResponse = z.infer<typeof ZImportResponse>;
