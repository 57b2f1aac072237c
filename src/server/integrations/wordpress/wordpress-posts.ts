import { OutboundError, type Outbound, type OutboundResponse } from '#server/security/ssrf-guard.ts';
import { basicAuth, safeText, unreachable } from '../http-helpers.ts';
import {
  FORBIDDEN,
  isWpError,
  looksLikeWordpress,
  movedOrigin,
  REST_DISABLED,
  restUrls,
  WORDPRESS_MESSAGES,
  WRONG_CREDENTIALS,
  type WordpressCredentials,
} from './wordpress-client.ts';

/**
 * Publishing through the WordPress REST API (wp/v2 posts, categories, tags) with the stored
 * application password. Every call goes through the SSRF guard; every failure becomes a
 * WordpressError whose message is plain English (the same texts as the connection test).
 */
export class WordpressError extends Error {
  constructor(
    message: string,
    /** 'site' = the site or the network failed (try later); 'setup' = the owner must fix something. */
    public readonly kind: 'setup' | 'site',
    /** WordPress's error code, when it gave one. */
    public readonly code = '',
  ) {
    super(message);
    this.name = 'WordpressError';
  }
}

export interface WordpressPostInput {
  /** Set to update the post published before. */
  remoteId?: number | null;
  title: string;
  /** HTML, already sanitised. */
  content: string;
  excerpt: string;
  status: 'draft' | 'publish';
  categories: string[];
  tags: string[];
  /** The media library id of the featured image; 0 removes it. */
  featuredMedia?: number;
}

/** A file for the media library. */
export interface WordpressUpload {
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface WordpressPostResult {
  id: number;
  link: string;
  status: string;
}

interface WpPost {
  id: number;
  link?: string;
  status?: string;
}
interface WpTerm {
  id: number;
  name: string;
}

type Method = 'GET' | 'POST';

/** One REST call; the ?rest_route= form answers when pretty permalinks are off. A file goes as the raw body. */
async function call(
  outbound: Outbound,
  creds: WordpressCredentials,
  method: Method,
  route: string,
  query = '',
  body?: unknown,
  file?: WordpressUpload,
): Promise<unknown> {
  const headers: Record<string, string> = { authorization: basicAuth(creds.username, creds.appPassword) };
  let payload: string | Buffer | undefined;
  if (file) {
    headers['content-type'] = file.mimeType;
    headers['content-disposition'] = `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`;
    payload = file.data;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const request = { method, headers, ...(payload !== undefined ? { body: payload } : {}) };
  const [pretty, plain] = restUrls(creds.siteUrl, route, query);
  let res: OutboundResponse;
  try {
    res = await outbound.fetch(pretty, request);
    if (res.json() === undefined && res.status < 500) {
      const second = await outbound.fetch(plain, request);
      if (second.json() !== undefined || !looksLikeWordpress(res)) res = second;
    }
  } catch (err) {
    if (err instanceof OutboundError) throw new WordpressError(unreachable(err), 'site');
    throw err;
  }
  const json = res.json();
  if (res.status >= 200 && res.status < 300 && json !== undefined) return json;
  throw refusal(res, json, creds);
}

function refusal(res: OutboundResponse, json: unknown, creds: WordpressCredentials): WordpressError {
  const moved = movedOrigin(res, creds.siteUrl);
  if (moved) return new WordpressError(WORDPRESS_MESSAGES.movedTo(moved), 'setup');
  const code = isWpError(json) ? json.code : '';
  // WordPress answers 401 (not 403) to a capability check when nobody is signed in: a real
  // WordPress refuses a wrong application password on POST /wp/v2/posts with rest_cannot_create 401.
  const signedOut = res.status === 401 && (FORBIDDEN.has(code) || code.startsWith('rest_cannot_'));
  if (WRONG_CREDENTIALS.has(code) || signedOut) {
    const hint = creds.siteUrl.startsWith('http://') ? WORDPRESS_MESSAGES.httpHint : '';
    return new WordpressError(WORDPRESS_MESSAGES.wrongCredentials + hint, 'setup');
  }
  if (code === 'application_passwords_disabled') return new WordpressError(WORDPRESS_MESSAGES.appPasswordsOff, 'setup');
  if (REST_DISABLED.has(code)) return new WordpressError(WORDPRESS_MESSAGES.restDisabled, 'setup');
  if (FORBIDDEN.has(code) || code === 'rest_cannot_create' || code === 'rest_cannot_publish')
    return new WordpressError(WORDPRESS_MESSAGES.forbidden, 'setup');
  if (res.status >= 500) return new WordpressError(WORDPRESS_MESSAGES.serverError(res.status), 'site');
  if (json === undefined)
    return new WordpressError(
      looksLikeWordpress(res) ? WORDPRESS_MESSAGES.restDisabled : WORDPRESS_MESSAGES.notWordpress,
      'setup',
    );
  return new WordpressError(WORDPRESS_MESSAGES.unexpected(safeText(code || `HTTP ${res.status}`, 60)), 'setup', code);
}

const isTermList = (v: unknown): v is WpTerm[] =>
  Array.isArray(v) && v.every((t) => typeof t === 'object' && t !== null && typeof (t as WpTerm).id === 'number');

/** The ids of the named categories or tags, creating those the site does not have yet. */
export async function ensureTerms(
  outbound: Outbound,
  creds: WordpressCredentials,
  taxonomy: 'categories' | 'tags',
  names: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const found = await call(
      outbound,
      creds,
      'GET',
      `/wp/v2/${taxonomy}`,
      `search=${encodeURIComponent(name)}&per_page=100`,
    );
    // WordPress returns terms HTML-escaped ("Tips &amp; Tricks"); compare unescaped and case-blind.
    const match = isTermList(found)
      ? found.find((t) => unescapeHtml(t.name).toLowerCase() === name.toLowerCase())
      : undefined;
    if (match) {
      ids.push(match.id);
      continue;
    }
    const created = await call(outbound, creds, 'POST', `/wp/v2/${taxonomy}`, '', { name });
    if (typeof created === 'object' && created !== null && typeof (created as WpTerm).id === 'number')
      ids.push((created as WpTerm).id);
  }
  return ids;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");

/** Creates the post, or updates the one published before (same WordPress id). */
export async function upsertWordpressPost(
  outbound: Outbound,
  creds: WordpressCredentials,
  input: WordpressPostInput,
): Promise<WordpressPostResult> {
  const [categories, tags] = [
    await ensureTerms(outbound, creds, 'categories', input.categories),
    await ensureTerms(outbound, creds, 'tags', input.tags),
  ];
  const body = {
    title: input.title,
    content: input.content,
    excerpt: input.excerpt,
    status: input.status,
    categories,
    tags,
    ...(input.featuredMedia !== undefined ? { featured_media: input.featuredMedia } : {}),
  };
  let post: WpPost;
  try {
    const route = input.remoteId ? `/wp/v2/posts/${input.remoteId}` : '/wp/v2/posts';
    post = (await call(outbound, creds, 'POST', route, '', body)) as WpPost;
  } catch (err) {
    // The post was deleted on the site since: publish it again as a new post.
    if (!(err instanceof WordpressError && err.code === 'rest_post_invalid_id')) throw err;
    post = (await call(outbound, creds, 'POST', '/wp/v2/posts', '', body)) as WpPost;
  }
  if (typeof post?.id !== 'number') throw new WordpressError(WORDPRESS_MESSAGES.notWordpress, 'setup');
  return { id: post.id, link: typeof post.link === 'string' ? post.link : '', status: post.status ?? input.status };
}

/** Uploads an image to the media library (POST /wp/v2/media with the file as the body). */
export async function uploadWordpressMedia(
  outbound: Outbound,
  creds: WordpressCredentials,
  file: WordpressUpload,
): Promise<{ id: number; url: string }> {
  const media = (await call(outbound, creds, 'POST', '/wp/v2/media', '', undefined, file)) as {
    id?: unknown;
    source_url?: unknown;
  };
  if (typeof media?.id !== 'number') throw new WordpressError(WORDPRESS_MESSAGES.notWordpress, 'setup');
  return { id: media.id, url: typeof media.source_url === 'string' ? media.source_url : '' };
}
