import { z } from 'zod';
import { zString } from './string.ts';

/** At most this many domains per business (a site and, say, a www and a booking subdomain). */
export const DOMAINS_MAX = 5;

/** The TXT record a business publishes to prove it owns a domain: `_fieldwise.{domain}`. */
export const VERIFICATION_PREFIX = '_fieldwise';
export const VERIFICATION_VALUE_PREFIX = 'fieldwise-verification=';

export const DOMAIN_MESSAGES = {
  required: 'Enter your domain, such as app.yourbusiness.com',
  invalid: 'Enter a domain name such as app.yourbusiness.com (no https:// and no path).',
  ours: 'This address already belongs to the app. Enter a domain your business owns.',
  taken: 'This domain is already connected to a business. Remove it there first.',
  duplicate: 'This domain is already on your list.',
  tooMany: `A business can connect at most ${DOMAINS_MAX} domains. Remove one first.`,
  added: 'Domain added. Publish the TXT record, then press Verify.',
  verified: 'Domain verified. It now serves your app and landing pages under your brand.',
  notFoundYet:
    'We could not find the TXT record yet. Check the name and value below; DNS changes can take up to an hour (sometimes longer) to appear.',
  lookupFailed: 'We could not reach DNS to check the record. Please try again in a minute.',
  removed: 'Domain removed.',
} as const;

/** POST /api/domains. A pasted URL is accepted; the server keeps only its host name. */
export const ZDomainInput = z.object({
  domain: zString({ error: DOMAIN_MESSAGES.required })
    .trim()
    .min(1, DOMAIN_MESSAGES.required)
    .max(300, DOMAIN_MESSAGES.invalid),
});
export type TDomainInput = z.input<typeof ZDomainInput>;

export const ZDomain = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When the last check ran and, if it failed, why (for the status line). */
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The records to publish: the TXT that proves ownership, the CNAME that points at the app. */
  txt: z.object({ name: z.string(), value: z.string() }),
  cname: z.object({ name: z.string(), value: z.string() }),
  url: z.string(),
  createdAt: z.string(),
});
export type TDomain = z.infer<typeof ZDomain>;

export const ZDomainList = z.object({
  domains: z.array(ZDomain),
  /** Why the business cannot add a domain on its plan (with the upgrade path), or null. */
  upgradeMessage: z.string().nullable(),
});
export type TDomainList = z.infer<typeof ZDomainList>;

export const ZDomainResult = z.object({ domain: ZDomain, message: z.string() });
export type TDomainResult = z.infer<typeof ZDomainResult>;

/** GET /api/public/brand: the brand of the custom domain a page is served on, or null. */
export const ZHostBrand = z.object({
  brand: z
    .object({
      name: z.string(),
      logoUrl: z.string().nullable(),
      primaryColor: z.string(),
      secondaryColor: z.string(),
    })
    .nullable(),
});
export type THostBrand = z.infer<typeof ZHostBrand>;
