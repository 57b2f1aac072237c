// The social area's constants and pure helpers without zod, so the social page loads no schema
// code before its first paint; schemas/social.ts re-exports them beside the schemas that use them.

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

/**
 * 'sandboxed': at its time the platform was not connected, so the post went to the built-in
 * sandbox channel (a feed in the app showing what would have been published), never to the network.
 */
export const POST_STATUSES = ['scheduled', 'publishing', 'published', 'sandboxed', 'failed', 'cancelled'] as const;
export type TPostStatus = (typeof POST_STATUSES)[number];
