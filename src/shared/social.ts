// The social area's constants and pure helpers without zod, so the social page loads no schema
// code before its first paint; schemas/social.ts re-exports them beside the schemas that use them.

import { isoToZoned, zonedToIso } from './zoned-time.ts';

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
  /** The same windows' starting hours (0–23, the business's time zone), for a suggested posting time. */
  optimalStarts: readonly number[];
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
    optimalStarts: [9, 13],
    provider: 'meta',
  },
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    maxLength: 2200,
    features: ['Images', 'Stories', 'Reels', 'Hashtags'],
    optimalTimes: '11 AM-1 PM and 5-7 PM',
    optimalStarts: [11, 17],
    provider: 'meta',
  },
  twitter: {
    id: 'twitter',
    name: 'Twitter/X',
    maxLength: 280,
    features: ['Text', 'Images', 'Videos', 'Hashtags', 'Threads'],
    optimalTimes: '8-10 AM and 7-9 PM',
    optimalStarts: [8, 19],
    provider: 'x',
  },
  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    maxLength: 3000,
    features: ['Text', 'Images', 'Documents', 'Professional'],
    optimalTimes: '8-9 AM and 12-1 PM',
    optimalStarts: [8, 12],
    provider: 'linkedin',
  },
};

/** A suggested time is at least this far ahead, so the owner can still change it after approving. */
const SUGGEST_LEAD_MS = 30 * 60_000;

/**
 * The suggested posting time: the next start of one of the Optimal Posting Times of the chosen
 * platforms (all four when none is chosen), at least half an hour ahead, in the business's time zone.
 */
export function suggestedPostTime(platforms: readonly TSocialPlatform[], now: Date, timeZone: string): string {
  const chosen = platforms.length ? platforms : SOCIAL_PLATFORMS;
  const starts = [...new Set(chosen.flatMap((p) => PLATFORM_DEFS[p].optimalStarts))].sort((a, b) => a - b);
  const earliest = now.getTime() + SUGGEST_LEAD_MS;
  for (let day = 0; day < 3; day++) {
    const { date } = isoToZoned(new Date(now.getTime() + day * 86_400_000).toISOString(), timeZone);
    for (const hour of starts) {
      const at = zonedToIso(date, `${String(hour).padStart(2, '0')}:00`, timeZone);
      if (Date.parse(at) >= earliest) return at;
    }
  }
  return new Date(earliest).toISOString();
}

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
