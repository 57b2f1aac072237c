import { z } from 'zod';
import { zString } from './string.ts';

/**
 * Social posting (issue 15). A post written for N platforms is stored as N targets (one
 * social_posts row each, sharing a groupId), each published and retried on its own.
 *
 * GET /api/social/posts?from&to&status, POST /api/social/posts, PATCH/DELETE
 * /api/social/posts/:id (only while scheduled), POST /api/social/posts/:id/retry,
 * POST /api/social/generate. Reads: any member; changes: any member (posting is everyday work).
 */
export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'twitter', 'linkedin'] as const;
export type TSocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface PlatformDef {
  id: TSocialPlatform;
  name: string;
  /** The spec's max lengths: facebook 63206, instagram 2200, twitter 280, linkedin 3000. */
  maxLength: number;
  features: readonly string[];
  /** The spec's Optimal Posting Times box. */
  optimalTimes: string;
  /** The owner's connection that publishes it (connections area). */
  provider: 'meta' | 'x' | 'linkedin';
}

export const PLATFORM_DEFS: Record<TSocialPlatform, PlatformDef> = {
  facebook: {
    id: 'facebook',
    name: 'Facebook',
    maxLength: 63206,
    features: ['Text', 'Images', 'Videos', 'Links', 'Hashtags'],
    optimalTimes: '9-10 AM and 1-3 PM',
    provider: 'meta',
  },
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    maxLength: 2200,
    features: ['Images', 'Stories', 'Reels', 'Hashtags'],
    optimalTimes: '11 AM-1 PM and 5-7 PM',
    provider: 'meta',
  },
  twitter: {
    id: 'twitter',
    name: 'Twitter/X',
    maxLength: 280,
    features: ['Text', 'Images', 'Videos', 'Hashtags', 'Threads'],
    optimalTimes: '8-10 AM and 7-9 PM',
    provider: 'x',
  },
  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    maxLength: 3000,
    features: ['Text', 'Images', 'Documents', 'Professional'],
    optimalTimes: '8-9 AM and 12-1 PM',
    provider: 'linkedin',
  },
};

/** What is sent: the text, then the hashtags on their own paragraph. Counted against maxLength. */
export function postText(content: string, hashtags: string | null | undefined): string {
  const tags = (hashtags ?? '').trim();
  return tags ? `${content.trim()}\n\n${tags}` : content.trim();
}

/** Why this text cannot go to this platform, or null when it fits. */
export function lengthProblem(platform: TSocialPlatform, content: string, hashtags?: string | null): string | null {
  const def = PLATFORM_DEFS[platform];
  const n = postText(content, hashtags).length;
  if (n === 0) return `Write something to post on ${def.name}.`;
  if (n > def.maxLength)
    return `${def.name} allows ${def.maxLength.toLocaleString('en-US')} characters; this post has ${n.toLocaleString('en-US')}.`;
  return null;
}

export const POST_STATUSES = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type TPostStatus = (typeof POST_STATUSES)[number];

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
