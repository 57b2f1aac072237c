import {
  countWords,
  RECENT_POSTS_SHOWN,
  WEBSITE_MESSAGES,
  WORD_RANGES,
  type TBlogGeneration,
  type TBlogPost,
  type TBlogPostList,
  type TContentStats,
  type TContentType,
  type TGeneratedContent,
  type TPublishResult,
  type TSaveBlogPost,
} from '#shared/schemas/website.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';
import { ARTICLE_DRAFT_FORMAT, parseArticleDraft } from '#shared/article-draft.ts';
import { AppError, notFound } from '#server/errors.ts';
import {
  uploadWordpressMedia,
  upsertWordpressPost,
  WordpressError,
} from '#server/integrations/wordpress/wordpress-posts.ts';
import { tenantTimezone, wordpressCredentials } from '#server/modules/settings/settings.service.ts';
import { businessProfile, townList } from './business-profile.ts';
import { offlineArticle } from './blog-offline.ts';
import { markdownToSafeHtml } from './markdown-html.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound('Blog post');
/** A post a week: the monthly goal the Content Stats card measures against. */
const MONTHLY_GOAL = 4;
const WORDS_PER_MINUTE = 230;
/** How far a model's article may stray from its length's word range before the offline writer answers instead. */
const WORD_RANGE_TOLERANCE = 0.2;

const PLATFORM_STYLE: Record<TContentType, string> = {
  blog: 'a blog post for the business website, with SEO-friendly ## headings',
  medium: 'a Medium article: a story-led opening, clear ## headings and a thoughtful close',
  substack: 'a Substack newsletter issue: personal, direct, written to subscribers',
};

/**
 * The generator: the configured model writes the article as it streams (each delta goes to
 * `onDelta`, for the screen to show while it is written); the offline writer answers without one,
 * or when the answer fails, does not read as an article, or is far from the length asked for.
 */
export async function generateContent(
  deps: WebsiteDeps,
  auth: AuthContext,
  platform: TContentType,
  form: TBlogGeneration,
  onDelta: (delta: string) => void = () => undefined,
): Promise<TGeneratedContent> {
  const profile = await businessProfile(deps.onboarding, auth);
  const [min, max] = WORD_RANGES[platform][form.length];
  const result = await deps.ai.stream(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      system: `You write for ${profile.name}, a ${profile.trade.noun} business serving ${townList(profile.towns)}. Write ${PLATFORM_STYLE[platform]} in Markdown. Never invent prices, awards, statistics or reviews.`,
      prompt: [
        `Topic: ${form.topic}`,
        `Tone: ${form.tone}. Audience: ${form.targetAudience}.`,
        `Length: between ${min} and ${max} words.`,
        form.keywords.length ? `Work in these keywords naturally: ${form.keywords.join(', ')}.` : '',
        form.includeCallToAction ? `End with a short call to action to contact ${profile.name}.` : 'No call to action.',
        ARTICLE_DRAFT_FORMAT,
      ]
        .filter(Boolean)
        .join('\n'),
      // About 1.4 tokens a word, with room for headings: the longest range (2,500 words) fits.
      maxOutputTokens: Math.ceil(max * 1.6) + 200,
      onDelta,
      parse: (text) => {
        const draft = parseArticleDraft(text);
        const words = countWords(draft.content);
        if (words < min * (1 - WORD_RANGE_TOLERANCE) || words > max * (1 + WORD_RANGE_TOLERANCE))
          throw new Error(`${words} words, asked for ${min}–${max}`);
        return draft;
      },
      offline: () => offlineArticle(profile, form, platform),
    },
  );
  const article = result.value;
  return {
    platform,
    title: article.title.slice(0, 200),
    metaDescription: article.metaDescription.slice(0, 300),
    content: article.content,
    wordCount: countWords(article.content),
    source: result.source,
  };
}

/** How a row is shown: the schedule in the business's time zone, the featured image without its bytes. */
interface PostView {
  timezone: string;
  image: repo.BlogImageMeta | undefined;
}

function scheduleOf(row: repo.BlogPostRow, timezone: string): TBlogPost['schedule'] {
  const state = row.scheduleState;
  if (!row.scheduledFor || (state !== 'scheduled' && state !== 'publishing' && state !== 'failed')) return null;
  const at = row.scheduledFor.toISOString();
  return { at, ...isoToZoned(at, timezone), timezone, state, error: row.scheduleError };
}

function toPost(row: repo.BlogPostRow, { timezone, image }: PostView): TBlogPost {
  const content = row.content ?? '';
  const words = countWords(content);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content,
    metaDescription: row.metaDescription ?? '',
    categories: row.categories,
    tags: row.tags,
    status: row.status === 'published' ? 'published' : 'draft',
    platform: row.platform === 'medium' || row.platform === 'substack' ? row.platform : 'blog',
    readingTime: row.readingTime ?? Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    wordCount: words,
    remotePostId: row.remotePostId,
    remoteUrl: row.remoteUrl,
    remoteStatus: row.remoteStatus,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    schedule: scheduleOf(row, timezone),
    featuredImage: image
      ? { filename: image.filename, mimeType: image.mimeType, size: image.size, remoteUrl: image.remoteUrl }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row as the API shows it. */
export async function viewPost(deps: Pick<WebsiteDeps, 'db'>, tenantId: string, row: repo.BlogPostRow) {
  const [timezone, [image]] = await Promise.all([
    tenantTimezone(deps, tenantId),
    repo.imageMetas(deps.db, tenantId, [row.id]),
  ]);
  return toPost(row, { timezone, image });
}

export async function rowOr404(deps: Pick<WebsiteDeps, 'db'>, tenantId: string, id: string): Promise<repo.BlogPostRow> {
  const row = UUID.test(id) ? await repo.findBlogPost(deps.db, tenantId, id) : undefined;
  if (!row) throw missing();
  return row;
}

/** Recent posts (the newest five) and the Content Stats, both computed from the business's rows; "this month" is the business's. */
export async function listBlogPosts(deps: WebsiteDeps, auth: AuthContext, now = new Date()): Promise<TBlogPostList> {
  const [rows, all, timezone] = await Promise.all([
    repo.listBlogPosts(deps.db, auth.tenantId, RECENT_POSTS_SHOWN),
    repo.statRows(deps.db, auth.tenantId),
    tenantTimezone(deps, auth.tenantId),
  ]);
  const images = await repo.imageMetas(
    deps.db,
    auth.tenantId,
    rows.map((r) => r.id),
  );
  const month = isoToZoned(now.toISOString(), timezone).date.slice(0, 7);
  const monthStart = new Date(zonedToIso(`${month}-01`, '00:00', timezone));
  const stats: TContentStats = {
    published: all.filter((r) => r.status === 'published').length,
    drafts: all.filter((r) => r.status !== 'published').length,
    words: all.reduce((sum, r) => sum + countWords(r.content ?? ''), 0),
    thisMonth: all.filter((r) => r.createdAt >= monthStart).length,
    monthlyGoal: MONTHLY_GOAL,
  };
  return {
    posts: rows.map((row) => toPost(row, { timezone, image: images.find((i) => i.postId === row.id) })),
    stats,
    timezone,
  };
}

/** Every published post's date (the coach's goals and summary count them); empty before the first. */
export function publishedBlogDates(deps: Pick<WebsiteDeps, 'db'>, auth: AuthContext): Promise<Date[]> {
  return repo.publishedBlogDates(deps.db, auth.tenantId);
}

export async function getBlogPost(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TBlogPost> {
  return viewPost(deps, auth.tenantId, await rowOr404(deps, auth.tenantId, id));
}

const excerptOf = (input: TSaveBlogPost) =>
  (input.metaDescription || input.content.replace(/[#>*_`]/g, '').trim()).slice(0, 280) || null;

function columns(input: TSaveBlogPost) {
  const words = countWords(input.content);
  return {
    title: input.title,
    content: input.content,
    excerpt: excerptOf(input),
    metaDescription: input.metaDescription || null,
    categories: input.categories,
    tags: input.tags,
    platform: input.platform,
    readingTime: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    ...(input.topic !== undefined ? { topic: input.topic } : {}),
    ...(input.tone !== undefined ? { tone: input.tone } : {}),
  };
}

/** Saves the editor's text as a new draft. */
export async function createBlogPost(deps: WebsiteDeps, auth: AuthContext, input: TSaveBlogPost): Promise<TBlogPost> {
  const row = await repo.insertBlogPost(deps.db, auth.tenantId, { ...columns(input), status: 'draft' });
  return viewPost(deps, auth.tenantId, row);
}

/** Saves edits; a post already on WordPress keeps its id there (the next publish updates it). */
export async function updateBlogPost(
  deps: WebsiteDeps,
  auth: AuthContext,
  id: string,
  input: TSaveBlogPost,
): Promise<TBlogPost> {
  await rowOr404(deps, auth.tenantId, id);
  const row = await repo.updateBlogPost(deps.db, auth.tenantId, id, columns(input));
  if (!row) throw missing();
  return viewPost(deps, auth.tenantId, row);
}

export const PUBLISHING_NOW = 'This post is being published to WordPress right now. Reload in a moment.';
export const NOT_ON_WORDPRESS =
  "Medium and Substack can't be published to from here: Medium no longer issues API tokens and Substack has no API. Copy the post and paste it into their editor.";

/** The featured image's id in the WordPress media library, uploading it the first time. */
async function featuredMedia(
  deps: WebsiteDeps,
  creds: Awaited<ReturnType<typeof wordpressCredentials>>,
  row: repo.BlogPostRow,
): Promise<number | undefined> {
  const image = await repo.findImage(deps.db, row.tenantId, row.id);
  // No image: an update clears one set before; a new post needs nothing.
  if (!image) return row.remotePostId ? 0 : undefined;
  if (image.remoteMediaId) return image.remoteMediaId;
  const media = await uploadWordpressMedia(deps.settings.outbound, creds, image);
  await repo.setImageRemote(deps.db, row.tenantId, row.id, media.id, media.url);
  return media.id;
}

/**
 * Sends a post to the business's WordPress with the saved settings: creates it, or updates the
 * same WordPress post when it was published before; as a draft there or live; the featured image
 * uploaded to the media library once. Failures are AppErrors with the owner's next step.
 */
export async function pushToWordpress(
  deps: WebsiteDeps,
  row: repo.BlogPostRow,
  status: 'draft' | 'publish',
  extra: Partial<repo.NewBlogPost> = {},
): Promise<{ row: repo.BlogPostRow; message: string }> {
  if (row.platform !== 'blog') throw new AppError('bad_request', NOT_ON_WORDPRESS);
  const creds = await wordpressCredentials(deps.settings, row.tenantId).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError('bad_request', WEBSITE_MESSAGES.wordpressNotConfigured);
    throw err;
  });
  let remote;
  try {
    const media = await featuredMedia(deps, creds, row);
    remote = await upsertWordpressPost(deps.settings.outbound, creds, {
      remoteId: row.remotePostId,
      title: row.title,
      content: markdownToSafeHtml(row.content ?? ''),
      excerpt: row.metaDescription ?? row.excerpt ?? '',
      status,
      categories: row.categories,
      tags: row.tags,
      ...(media !== undefined ? { featuredMedia: media } : {}),
    });
  } catch (err) {
    if (err instanceof WordpressError)
      throw new AppError(err.kind === 'site' ? 'unavailable' : 'bad_request', err.message);
    throw err;
  }
  const live = remote.status === 'publish';
  const updated = await repo.updateBlogPost(deps.db, row.tenantId, row.id, {
    remotePostId: remote.id,
    remoteUrl: remote.link || null,
    remoteStatus: remote.status,
    status: live ? 'published' : 'draft',
    publishedAt: live ? (row.publishedAt ?? new Date()) : row.publishedAt,
    ...extra,
  });
  if (!updated) throw missing();
  // "Updated" only when the post was already live there; a draft going live is "published".
  const wasLive = row.remotePostId === remote.id && row.remoteStatus === 'publish';
  const message = !live
    ? 'Saved as a draft on WordPress.'
    : wasLive
      ? 'Post updated on WordPress.'
      : 'Post published to WordPress.';
  return { row: updated, message };
}

/** Publish now (or send as a WordPress draft); a publish planned for later is called off. */
export async function publishBlogPost(
  deps: WebsiteDeps,
  auth: AuthContext,
  id: string,
  status: 'draft' | 'publish',
): Promise<TPublishResult> {
  const row = await rowOr404(deps, auth.tenantId, id);
  if (row.scheduleState === 'publishing') throw new AppError('conflict', PUBLISHING_NOW);
  const cancel =
    row.scheduleState === 'scheduled' || row.scheduleState === 'failed'
      ? { scheduleState: null, scheduledFor: null, scheduleError: null, scheduleAttempt: row.scheduleAttempt + 1 }
      : {};
  const { row: updated, message } = await pushToWordpress(deps, row, status, cancel);
  return { post: await viewPost(deps, auth.tenantId, updated), message };
}
