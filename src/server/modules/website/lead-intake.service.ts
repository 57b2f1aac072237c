import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';
import { ZLandingPageContent } from '#shared/schemas/website.ts';
import { createInboundLead } from '#server/modules/leads/leads.service.ts';
import { enforce, keyPart } from '#server/security/rate-limit.ts';
import { RateLimitError } from '#server/errors.ts';
import { renderLandingPage } from './landing-template.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

/**
 * The published page and its lead form: a visitor's request becomes a lead (source = the page,
 * UTM tags kept), guarded by a honeypot, a minimum fill time and a per-address limit, and the
 * speed-to-lead job answers the customer and tells the owner within the minute.
 */
export const SPEED_TO_LEAD_JOB = 'website.speed-to-lead';
/** A person needs a few seconds to fill the form; a bot posting at once is refused. */
export const MIN_FILL_MS = 3_000;
const MAX_FORM_AGE_MS = 24 * 3_600_000;
const PER_IP = { limit: 5, windowMs: 10 * 60_000 };
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

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
});
export type SpeedToLead = z.infer<typeof ZSpeedToLead>;

export type PublicPage = { html: string; title: string } | null;

/** The business's address part of its pages (/p/{slug}/…). */
export function businessSlug(deps: Pick<WebsiteDeps, 'db'>, tenantId: string): Promise<string> {
  return repo.tenantSlug(deps.db, tenantId);
}

/** The page as a visitor sees it, with the form stamped with the time and the visit's UTM tags. */
export async function publishedPage(
  deps: Pick<WebsiteDeps, 'db'>,
  businessSlug: string,
  pageSlug: string,
  query: Record<string, unknown>,
  baseUrl: string,
  now = Date.now(),
): Promise<PublicPage> {
  const found = await repo.findPublished(deps.db, businessSlug, pageSlug);
  const page = found ? ZLandingPageContent.safeParse(found.page.page) : undefined;
  if (!found || !page?.success) return null;
  const hidden: Record<string, string> = { ts: String(now) };
  for (const key of UTM_KEYS) {
    const v = query[key];
    if (typeof v === 'string' && v.length <= 200) hidden[key] = v;
  }
  const path = `/p/${businessSlug}/${pageSlug}`;
  return {
    title: page.data.title,
    html: renderLandingPage(page.data, {
      businessName: found.tenantName,
      formAction: `${path}/lead`,
      url: `${baseUrl}${path}`,
      hidden,
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
  ts: zString().max(20).default(''),
  ...Object.fromEntries(UTM_KEYS.map((k) => [k, field(200).optional()])),
});

export type LeadFormOutcome =
  | { kind: 'created' | 'ignored'; businessName: string }
  | { kind: 'invalid'; businessName: string; message: string }
  | { kind: 'missing' };

/** One form post. Spam is answered like a success (so bots learn nothing) but stores nothing. */
export async function submitLeadForm(
  deps: WebsiteDeps,
  businessSlug: string,
  pageSlug: string,
  body: unknown,
  ip: string,
  now = Date.now(),
): Promise<LeadFormOutcome> {
  const found = await repo.findPublished(deps.db, businessSlug, pageSlug);
  if (!found) return { kind: 'missing' };
  const businessName = found.tenantName;
  const parsed = ZLeadForm.safeParse(body ?? {});
  if (!parsed.success)
    return { kind: 'invalid', businessName, message: parsed.error.issues[0]?.message ?? 'Please check the form.' };
  const form = parsed.data;
  const started = Number(form.ts);
  if (form.website || !Number.isFinite(started) || now - started < MIN_FILL_MS || now - started > MAX_FORM_AGE_MS)
    return { kind: 'ignored', businessName };
  if (!form.email && !form.phone)
    return { kind: 'invalid', businessName, message: 'Please give a phone number or an email so we can reach you.' };
  try {
    await enforce(deps.db, `landing-lead:ip:${keyPart(ip)}`, PER_IP);
  } catch (err) {
    if (err instanceof RateLimitError) return { kind: 'invalid', businessName, message: err.message };
    throw err;
  }
  const utm = Object.fromEntries(
    UTM_KEYS.flatMap((k) => {
      const v = (form as Record<string, unknown>)[k];
      return typeof v === 'string' && v ? [[k, v]] : [];
    }),
  );
  const lead = await createInboundLead(deps, found.page.tenantId, {
    name: form.name,
    service: form.service,
    location: form.location,
    email: form.email || null,
    phone: form.phone || null,
    source: `landing:${found.page.id}`,
    sourceLabel: `the landing page "${found.page.title}"`,
    utm,
  });
  await deps.jobs.enqueue(
    SPEED_TO_LEAD_JOB,
    {
      tenantId: found.page.tenantId,
      leadId: lead.id,
      pageTitle: found.page.title,
      businessName,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service,
      location: lead.location,
      submittedAt: now,
    } satisfies SpeedToLead,
    { key: lead.id },
  );
  return { kind: 'created', businessName };
}
