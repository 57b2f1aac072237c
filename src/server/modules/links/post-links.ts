import { CODE_PATTERN, createTrackedLink, type LinksDeps } from './links.service.ts';
import * as repo from './links.repo.ts';

/**
 * Tracked links in a social post: every web address in the text becomes a `/r/{code}` link made
 * for this post (source social_post, sourceId = the post's id, one row per platform target), so
 * clicks count per post. The link's target is the typed address plus UTM tags naming the platform
 * and the post; a published landing page keeps those tags on its form, so a lead that follows is
 * attributed to the post (Revenue by source: Social post).
 */
export interface PostLinkTarget {
  tenantId: string;
  postId: string;
  platform: string;
}

// A web address as people type it in a post; trailing punctuation is the sentence's, not the link's.
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,!?;:)\]}'"]+$/;

/** The typed address with the post's UTM tags added (tags already there are kept as typed). */
export function taggedTarget(url: string, target: PostLinkTarget): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const tags: [string, string][] = [
    ['utm_source', target.platform],
    ['utm_medium', 'social'],
    ['utm_campaign', 'fieldwise_post'],
    ['utm_content', `post-${target.postId}`],
  ];
  if (!parsed.searchParams.has('utm_source')) for (const [k, v] of tags) parsed.searchParams.set(k, v);
  return parsed.toString();
}

function isOwnShortLink(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const base = appUrl ? new URL(appUrl) : null;
    return (!base || u.host === base.host) && /^\/r\/[^/]+$/.test(u.pathname) && CODE_PATTERN.test(u.pathname.slice(3));
  } catch {
    return false;
  }
}

/**
 * The post's text with each address replaced by its tracked link. The same post and address reuse
 * their link (a retried publish does not mint a second one). A link that cannot be made leaves
 * the address as typed: the post still goes out.
 */
export async function trackPostLinks(
  deps: LinksDeps & { log?: { warn(obj: object, msg: string): void } },
  text: string,
  target: PostLinkTarget,
): Promise<string> {
  const found = [...text.matchAll(URL_IN_TEXT)].map((m) => m[0].replace(TRAILING, '')).filter(Boolean);
  if (found.length === 0) return text;
  const replacements = new Map<string, string>();
  for (const url of new Set(found)) {
    if (isOwnShortLink(url, deps.appUrl)) continue;
    const tagged = taggedTarget(url, target);
    if (!tagged) continue;
    try {
      const existing = await repo.findLinkFor(deps.db, target.tenantId, 'social_post', target.postId, tagged);
      const link = existing
        ? { url: `${deps.appUrl}/r/${existing.code}` }
        : await createTrackedLink(deps, target.tenantId, {
            targetUrl: tagged,
            source: 'social_post',
            sourceId: target.postId,
          });
      replacements.set(url, link.url);
    } catch (err) {
      deps.log?.warn(
        { postId: target.postId, error: err instanceof Error ? err.message : String(err) },
        'tracked link not made',
      );
    }
  }
  if (replacements.size === 0) return text;
  return text.replace(URL_IN_TEXT, (match) => {
    const url = match.replace(TRAILING, '');
    const short = replacements.get(url);
    return short ? short + match.slice(url.length) : match;
  });
}
