import {
  ZLandingPageContent,
  type TGenerateLandingResponse,
  type TLandingPage,
  type TLandingPageContent,
  type TLandingPageList,
  type ZGenerateLandingRequest,
} from '#shared/schemas/website.ts';
import type { z } from 'zod';
import type { AuthContext } from '#server/auth-context.ts';
import { notFound } from '#server/errors.ts';
import { businessSlug } from '#server/modules/auth/accounts.service.ts';
import { businessProfile, townList } from './business-profile.ts';
import { offlineLandingPage } from './landing-offline.ts';
import { LANDING_CSS, renderLandingPage } from './landing-template.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound('Landing page');
const PAGES_SHOWN = 24;

interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
}

function storedMessages(value: unknown): StoredMessage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is StoredMessage =>
      typeof m === 'object' &&
      m !== null &&
      ((m as StoredMessage).role === 'user' || (m as StoredMessage).role === 'assistant') &&
      typeof (m as StoredMessage).content === 'string',
  );
}

export function toLandingPage(row: repo.LandingPageRow, slug: string): TLandingPage | null {
  const page = ZLandingPageContent.safeParse(row.page);
  if (!page.success) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    html: row.html ?? '',
    css: row.css ?? '',
    thumbnail: row.thumbnail,
    page: page.data,
    messages: storedMessages(row.messages).map((m) => ({ ...m, timestamp: m.timestamp ?? '' })),
    slug: row.slug,
    publicPath: row.slug && row.publishedAt ? `/p/${slug}/${row.slug}` : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function rowOr404(deps: WebsiteDeps, tenantId: string, id: string): Promise<repo.LandingPageRow> {
  const row = UUID.test(id) ? await repo.findLandingPage(deps.db, tenantId, id) : undefined;
  if (!row) throw missing();
  return row;
}

async function view(deps: WebsiteDeps, tenantId: string, row: repo.LandingPageRow): Promise<TLandingPage> {
  const page = toLandingPage(row, await businessSlug(deps.db, tenantId));
  if (!page) throw missing();
  return page;
}

const SYSTEM = (name: string, trade: string, towns: string) =>
  `You build landing pages for ${name}, a ${trade} business serving ${towns}. Answer only with the page's sections as JSON in the given schema: hero, services, reviews, offer, faq, leadForm. Plain text only, no HTML or Markdown. Never invent reviews (leave reviews.items empty), prices you were not given, awards or licences.`;

/**
 * One chat turn: the model (or the offline builder) returns the structured page, validated by the
 * schema; our template renders it. A turn on an existing page refines that page.
 */
export async function generateLandingPage(
  deps: WebsiteDeps,
  auth: AuthContext,
  input: z.output<typeof ZGenerateLandingRequest>,
): Promise<TGenerateLandingResponse> {
  const existing = input.landingPageId ? await rowOr404(deps, auth.tenantId, input.landingPageId) : undefined;
  const previous = existing ? ZLandingPageContent.safeParse(existing.page) : undefined;
  const profile = await businessProfile(deps.onboarding, auth);
  const history = input.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  const result = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZLandingPageContent,
      system: SYSTEM(profile.name, profile.trade.noun, townList(profile.towns)),
      prompt: [
        previous?.success ? `The current page (JSON):\n${JSON.stringify(previous.data)}` : '',
        history ? `The conversation so far:\n${history}` : '',
        `The owner asks: ${input.userPrompt}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      offline: () => offlineLandingPage(profile, input.userPrompt, previous?.success ? previous.data : undefined),
    },
  );
  const page: TLandingPageContent = result.value;
  const html = renderLandingPage(page, { businessName: profile.name });
  const now = new Date().toISOString();
  const reply = existing
    ? `I've updated "${page.title}". Have a look in the preview and tell me what to change.`
    : `Here's your page: "${page.title}". It has a hero, your services, an offer, answers to common questions and a quote form. Tell me what to change.`;
  const messages: StoredMessage[] = [
    ...storedMessages(existing?.messages),
    { role: 'user', content: input.userPrompt, timestamp: now },
    { role: 'assistant', content: reply, timestamp: now },
  ];
  const values = { title: page.title, description: page.description, html, css: LANDING_CSS, page, messages };
  const row = existing
    ? await repo.updateLandingPage(deps.db, auth.tenantId, existing.id, values)
    : await repo.insertLandingPage(deps.db, auth.tenantId, values);
  if (!row) throw missing();
  return { message: reply, landingPage: await view(deps, auth.tenantId, row), source: result.source };
}

export async function listLandingPages(deps: WebsiteDeps, auth: AuthContext): Promise<TLandingPageList> {
  const [rows, slug] = await Promise.all([
    repo.listLandingPages(deps.db, auth.tenantId, PAGES_SHOWN),
    businessSlug(deps.db, auth.tenantId),
  ]);
  return { pages: rows.map((r) => toLandingPage(r, slug)).filter((p): p is TLandingPage => p !== null) };
}

/**
 * The tenant's landing pages among `ids` (other businesses' ids and malformed ones are left out),
 * with the public address of a published one: what the coach's Revenue by source shows for a page.
 */
export async function landingPagesForAttribution(
  deps: Pick<WebsiteDeps, 'db'>,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; title: string; publicPath: string | null }[]> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return [];
  const [rows, slug] = await Promise.all([
    repo.landingPagesByIds(deps.db, tenantId, valid.slice(0, 1000)),
    businessSlug(deps.db, tenantId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    publicPath: r.slug && r.publishedAt && slug ? `/p/${slug}/${r.slug}` : null,
  }));
}

export async function getLandingPage(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TLandingPage> {
  return view(deps, auth.tenantId, await rowOr404(deps, auth.tenantId, id));
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'page';

/** Publishes the page at /p/{business}/{slug}; the slug is kept when it was published before. */
export async function publishLandingPage(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TLandingPage> {
  const row = await rowOr404(deps, auth.tenantId, id);
  let slug = row.slug;
  if (!slug) {
    const base = slugify(row.title);
    slug = base;
    for (let n = 2; await repo.slugTaken(deps.db, auth.tenantId, slug); n += 1) slug = `${base}-${n}`;
  }
  const updated = await repo.updateLandingPage(deps.db, auth.tenantId, id, {
    slug,
    publishedAt: row.publishedAt ?? new Date(),
  });
  if (!updated) throw missing();
  return view(deps, auth.tenantId, updated);
}

/** Takes the page offline; its address is kept for when it is published again. */
export async function unpublishLandingPage(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TLandingPage> {
  await rowOr404(deps, auth.tenantId, id);
  const updated = await repo.updateLandingPage(deps.db, auth.tenantId, id, { publishedAt: null });
  if (!updated) throw missing();
  return view(deps, auth.tenantId, updated);
}
