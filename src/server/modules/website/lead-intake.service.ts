import { notify } from '#server/modules/push/push.service.ts';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';
import { LEAD_FORM_MESSAGES, ZLandingPageContent } from '#shared/schemas/website.ts';
import { TURNSTILE_RESPONSE_FIELD } from '#server/integrations/turnstile/turnstile-client.ts';
import * as accounts from '#server/modules/auth/accounts.service.ts';
import { leadSourceOf } from '#shared/schemas/lead-sources.ts';
import { createInboundLead } from '#server/modules/leads/leads.service.ts';
import type { LeadKeyword } from '#server/modules/leads/lead-keywords.ts';
import { trackedKeywordForPage } from '#server/modules/keywords/keywords.service.ts';
import { enforce, keyPart } from '#server/security/rate-limit.ts';
import { RateLimitError } from '#server/errors.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { renderLandingPage } from './landing-template.ts';
import { AUTO_REPLY_HELD, challengeSiteKey, checkChallenge, planAutoReply } from './lead-guard.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

/**
 * The published page and its lead form: a visitor's request becomes a lead (source = the page,
 * UTM tags kept), guarded by a honeypot, a signed minimum fill time, a per-address limit and the
 * business's optional Turnstile check, and the speed-to-lead job answers the customer (within the
 * limits of lead-guard.ts) and tells the owner within the minute.
 */
export const SPEED_TO_LEAD_JOB = 'website.speed-to-lead';
/** A person needs a few seconds to fill the form; a bot posting at once is refused. */
export const MIN_FILL_MS = 3_000;
const MAX_FORM_AGE_MS = 24 * 3_600_000;
const PER_IP = { limit: 5, windowMs: 10 * 60_000 };
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const FORM_TIME_PURPOSE = 'landing-form-time v1';
/** Search engines whose visits count as organic search (they send their host as the referrer). */
const SEARCH_ENGINES = ['google', 'bing', 'duckduckgo'] as const;
const ENGINE_HOST = new RegExp(`^(?:www\\.)?(${SEARCH_ENGINES.join('|')})\\.[a-z]{2,3}(?:\\.[a-z]{2})?$`);

/**
 * The time the form was served, signed with the server key for this page ("{ms}.{mac}"), so a
 * bot cannot claim it loaded the form long ago.
 */
export function signedFormTime(box: SecretBox, pageId: string, at: number): string {
  return `${at}.${box.mac(FORM_TIME_PURPOSE, `${pageId}|${at}`)}`;
}

/**
 * When this page's form was served and the stamp's MAC (which names this serving of this page,
 * so it is the stamp's id once used), or null when the stamp is missing or not ours.
 */
function formStamp(box: SecretBox, pageId: string, stamp: string): { at: number; mac: string } | null {
  const [at, mac, extra] = stamp.split('.');
  if (!at || !mac || extra !== undefined || !/^\d{1,15}$/.test(at)) return null;
  const expected = Buffer.from(box.mac(FORM_TIME_PURPOSE, `${pageId}|${at}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { at: Number(at), mac } : null;
}

/**
 * The search engine a visit came from, by its referrer's host, and the search words when the
 * referrer still carries them (`q`; Google mostly drops them); null for any other referrer.
 */
function searchEngineOf(referrer: string | undefined): { engine: string; words: string | null } | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    const engine = ENGINE_HOST.exec(url.hostname.toLowerCase())?.[1];
    return engine ? { engine, words: url.searchParams.get('q')?.trim().slice(0, 200) || null } : null;
  } catch {
    return null;
  }
}

/** Search words as a lead keeps them: one space between words, lower case; null when empty. */
const keywordOf = (words: string | undefined) => words?.replace(/\s+/g, ' ').trim().toLowerCase() || null;

export const ZSpeedToLead = z.object({
  tenantId: z.string(),
  leadId: z.string(),
  pageTitle: z.string(),
  businessName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  service: z.string(),
  location: z.string(),
  submittedAt: z.number(),
  /** What lead-guard.ts allowed; a job queued without it sends no automatic reply. */
  reply: z
    .object({
      email: z.boolean(),
      sms: z.boolean(),
      held: z.enum(AUTO_REPLY_HELD).nullable(),
      day: z.string(),
      limit: z.number(),
    })
    .default({ email: false, sms: false, held: null, day: '', limit: 0 }),
});
export type SpeedToLead = z.infer<typeof ZSpeedToLead>;

/** The page, and whether it carries the Turnstile widget (its CSP then lets the widget in). */
export type PublicPage = { html: string; title: string; challenge: boolean } | null;

/** The business's address part of its pages (/p/{slug}/…). */
export function businessSlug(deps: Pick<WebsiteDeps, 'db'>, tenantId: string): Promise<string> {
  return accounts.businessSlug(deps.db, tenantId);
}

/** The page a lead form is on: a landing page, or another area's public page (a project page). */
export interface FormTarget {
  /** The page's id: the form's stamp is bound to it. */
  id: string;
  tenantId: string;
  title: string;
  businessName: string;
  /** The lead's stored source (`landing:{id}`, `project:{id}`) and how the lead's activity names it. */
  source: string;
  sourceLabel: string;
  /** A name for the page the lead list shows when its owner area is not the website's (a project's title). */
  sourceTitle?: string;
  /** The page's address path (/p/{business}/{page}): its tracked keyword names an organic lead's search. */
  path?: string;
}

/**
 * The hidden fields of a page's form: the signed time it was served, the visit's UTM tags and the
 * search engine that sent the visit (the page has no script, so the form keeps them), and the
 * business's Turnstile site key when its check is on.
 */
export async function formHiddenFields(
  deps: Pick<WebsiteDeps, 'settings'>,
  target: Pick<FormTarget, 'id' | 'tenantId'>,
  query: Record<string, unknown>,
  visit: { referrer?: string | undefined; now?: number } = {},
): Promise<{ hidden: Record<string, string>; siteKey: string | null }> {
  const hidden: Record<string, string> = {
    ts: signedFormTime(deps.settings.box, target.id, visit.now ?? Date.now()),
  };
  const search = searchEngineOf(visit.referrer);
  if (search) hidden.search = search.engine;
  if (search?.words) hidden.search_terms = search.words;
  for (const key of UTM_KEYS) {
    const v = query[key];
    if (typeof v === 'string' && v.length <= 200) hidden[key] = v;
  }
  return { hidden, siteKey: await challengeSiteKey(deps, target.tenantId) };
}

/** A business by its address part (/p/{slug}/…): its id and name, or null. */
export function businessBySlug(deps: Pick<WebsiteDeps, 'db'>, slug: string) {
  return accounts.businessBySlug(deps.db, slug);
}

/** A published landing page by its public address, with its business's name. */
async function findPublished(deps: Pick<WebsiteDeps, 'db'>, businessSlug: string, pageSlug: string) {
  const business = await accounts.businessBySlug(deps.db, businessSlug);
  const page = business && (await repo.findPublished(deps.db, business.tenantId, pageSlug));
  return page ? { page, tenantName: business.name } : undefined;
}

/**
 * The page as a visitor sees it, its form carrying the hidden fields above.
 */
export async function publishedPage(
  deps: Pick<WebsiteDeps, 'db' | 'settings' | 'turnstileBaseUrl'>,
  businessSlug: string,
  pageSlug: string,
  query: Record<string, unknown>,
  baseUrl: string,
  visit: { referrer?: string | undefined; now?: number } = {},
): Promise<PublicPage> {
  const found = await findPublished(deps, businessSlug, pageSlug);
  const page = found ? ZLandingPageContent.safeParse(found.page.page) : undefined;
  if (!found || !page?.success) return null;
  const { hidden, siteKey } = await formHiddenFields(deps, found.page, query, visit);
  const path = `/p/${businessSlug}/${pageSlug}`;
  return {
    title: page.data.title,
    challenge: siteKey !== null,
    html: renderLandingPage(page.data, {
      businessName: found.tenantName,
      formAction: `${path}/lead`,
      url: `${baseUrl}${path}`,
      hidden,
      challenge: siteKey ? { siteKey, baseUrl: deps.turnstileBaseUrl } : undefined,
    }),
  };
}

const field = (max: number) => zString().trim().max(max);
export const ZLeadForm = z.object({
  name: field(120).min(1, 'Please enter your name.'),
  phone: field(40).default(''),
  email: z.union([z.literal(''), z.email('Please enter a valid email address.')]).default(''),
  service: field(200).min(1, 'Please say what you need.'),
  location: field(120).min(1, 'Please enter your town or ZIP code.'),
  website: zString().max(200).default(''),
  ts: zString().max(100).default(''),
  search: zString().max(20).default(''),
  search_terms: zString().max(200).default(''),
  // Turnstile's tokens are at most 2048 characters.
  [TURNSTILE_RESPONSE_FIELD]: zString().max(2048).default(''),
  ...Object.fromEntries(UTM_KEYS.map((k) => [k, field(200).optional()])),
});

export type LeadFormOutcome =
  | { kind: 'created' | 'ignored'; businessName: string }
  | { kind: 'invalid'; businessName: string; message: string }
  | { kind: 'missing' };

/**
 * The search words that brought a form's lead: the visit's utm_term, else the engine's referrer
 * query, else, for an organic visit only, the tracked keyword whose top page is this page. Null
 * when none is known (the lead counts as "keyword not provided").
 */
async function searchKeywordOf(
  deps: Pick<WebsiteDeps, 'db'>,
  target: Pick<FormTarget, 'tenantId' | 'path' | 'source'>,
  utm: Record<string, string>,
  searchTerms: string,
): Promise<LeadKeyword | null> {
  const tagged = keywordOf(utm.utm_term);
  if (tagged) return { keyword: tagged, from: 'tag' };
  const searched = keywordOf(searchTerms);
  if (searched) return { keyword: searched, from: 'search' };
  if (!target.path || leadSourceOf(target.source, utm) !== 'organic_search') return null;
  const tracked = keywordOf((await trackedKeywordForPage(deps, target.tenantId, target.path)) ?? undefined);
  return tracked ? { keyword: tracked, from: 'page' } : null;
}

/** One post of a landing page's form (submitTargetForm below). */
export async function submitLeadForm(
  deps: WebsiteDeps,
  businessSlug: string,
  pageSlug: string,
  body: unknown,
  ip: string,
  now = Date.now(),
): Promise<LeadFormOutcome> {
  const found = await findPublished(deps, businessSlug, pageSlug);
  if (!found) return { kind: 'missing' };
  const target: FormTarget = {
    id: found.page.id,
    tenantId: found.page.tenantId,
    title: found.page.title,
    businessName: found.tenantName,
    source: `landing:${found.page.id}`,
    sourceLabel: `the landing page "${found.page.title}"`,
    path: `/p/${businessSlug}/${pageSlug}`,
  };
  return submitTargetForm(deps, target, body, ip, now);
}

/**
 * One form post on any of the business's public pages. Spam is answered like a success (so bots
 * learn nothing) but stores nothing; a failed Turnstile check is a readable refusal. A stored
 * lead's automatic reply is up to planAutoReply.
 */
export async function submitTargetForm(
  deps: WebsiteDeps,
  target: FormTarget,
  body: unknown,
  ip: string,
  now = Date.now(),
): Promise<LeadFormOutcome> {
  const { businessName } = target;
  const parsed = ZLeadForm.safeParse(body ?? {});
  if (!parsed.success)
    return { kind: 'invalid', businessName, message: parsed.error.issues[0]?.message ?? 'Please check the form.' };
  const form = parsed.data;
  const stamp = formStamp(deps.settings.box, target.id, form.ts);
  if (form.website || stamp === null || now - stamp.at < MIN_FILL_MS || now - stamp.at > MAX_FORM_AGE_MS)
    return { kind: 'ignored', businessName };
  if (!form.email && !form.phone)
    return { kind: 'invalid', businessName, message: 'Please give a phone number or an email so we can reach you.' };
  try {
    await enforce(deps.db, `landing-lead:ip:${keyPart(ip)}`, PER_IP);
  } catch (err) {
    if (err instanceof RateLimitError) return { kind: 'invalid', businessName, message: err.message };
    throw err;
  }
  const challenge = await checkChallenge(deps, target.tenantId, form[TURNSTILE_RESPONSE_FIELD], ip);
  if (challenge === 'missing' || challenge === 'failed')
    return {
      kind: 'invalid',
      businessName,
      message: challenge === 'missing' ? LEAD_FORM_MESSAGES.challengeMissing : LEAD_FORM_MESSAGES.challengeFailed,
    };
  const utm = Object.fromEntries(
    UTM_KEYS.flatMap((k) => {
      const v = (form as Record<string, unknown>)[k];
      return typeof v === 'string' && v ? [[k, v]] : [];
    }),
  );
  // A search engine sent the visit and no campaign tagged it: organic search, recorded the way
  // analytics tools do (source = the engine, medium = organic); utm_term stays the keyword.
  const engine = SEARCH_ENGINES.find((e) => e === form.search);
  if (engine && !utm.utm_source && !utm.utm_medium) Object.assign(utm, { utm_source: engine, utm_medium: 'organic' });
  const keyword = await searchKeywordOf(deps, target, utm, form.search_terms);
  const lead = await createInboundLead(deps, target.tenantId, {
    name: form.name,
    service: form.service,
    location: form.location,
    email: form.email || null,
    phone: form.phone || null,
    source: target.source,
    sourceLabel: target.sourceLabel,
    ...(target.sourceTitle ? { sourceTitle: target.sourceTitle } : {}),
    utm,
    keyword,
  });
  const reply = await planAutoReply(deps, {
    tenantId: target.tenantId,
    pageId: target.id,
    stamp: stamp.mac,
    stampExpiresAt: new Date(stamp.at + MAX_FORM_AGE_MS),
    email: lead.email,
    phone: lead.phone,
    challenge,
    now,
  });
  await deps.jobs.enqueue(
    SPEED_TO_LEAD_JOB,
    {
      tenantId: target.tenantId,
      leadId: lead.id,
      pageTitle: target.title,
      businessName,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service,
      location: lead.location,
      submittedAt: now,
      reply,
    } satisfies SpeedToLead,
    { key: lead.id },
  );
  // The owner's phone hears of it within seconds (issue 37); the push is the job system's.
  await notify(deps, target.tenantId, 'new_lead', {
    title: `New lead: ${lead.name}`,
    body: [lead.service, lead.location, lead.phone].filter(Boolean).join(' · '),
    url: `/leads?lead=${lead.id}`,
  });
  return { kind: 'created', businessName };
}
