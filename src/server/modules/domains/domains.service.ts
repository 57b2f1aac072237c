import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import {
  DOMAIN_MESSAGES,
  DOMAINS_MAX,
  VERIFICATION_PREFIX,
  VERIFICATION_VALUE_PREFIX,
  type TDomain,
  type TDomainInput,
  type TDomainList,
  type TDomainResult,
  type THostBrand,
} from '#shared/schemas/domains.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import { requireFeature } from '#server/modules/billing/billing.service.ts';
import { brandingOf } from '#server/modules/settings/branding.service.ts';
import type { AppServices } from '#server/services.ts';
import { txtLookup, type TxtLookup } from './domains-dns.ts';
import { forgetHost } from './domains-host.ts';
import * as repo from './domains.repo.ts';

/**
 * A business's own domains (white label, Enterprise): added with a TXT token, verified by DNS,
 * re-checked daily. A verified domain serves the app and the published landing pages under the
 * business's brand (domains-host.ts).
 */
export interface DomainsDeps {
  db: Db;
  appUrl: string;
  lookupTxt: TxtLookup;
}

export function domainsDeps({ database, config }: AppServices): DomainsDeps {
  return { db: database.db, appUrl: config.appUrl, lookupTxt: txtLookup(config.dnsServers) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const missing = () => notFound('Domain');

/**
 * The host name of what an owner typed: "https://App.Acme.com/" → "app.acme.com" (IDNs as
 * punycode). Null when it is not a public host name (an IP address, a single label, a bad label).
 */
export function normalizeDomain(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '');
  if (host.length > 253 || host.startsWith('[') || ipaddr.isValid(host)) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  return TOP_LEVEL.test(labels.at(-1) ?? '') ? host : null;
}

function appHost(deps: Pick<DomainsDeps, 'appUrl'>): string {
  return new URL(deps.appUrl).hostname;
}

function toDomain(deps: Pick<DomainsDeps, 'appUrl'>, row: repo.DomainRow): TDomain {
  const scheme = new URL(deps.appUrl).protocol;
  return {
    id: row.id,
    domain: row.domain,
    verified: row.verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: row.lastError,
    txt: {
      name: `${VERIFICATION_PREFIX}.${row.domain}`,
      value: `${VERIFICATION_VALUE_PREFIX}${row.verificationToken}`,
    },
    cname: { name: row.domain, value: appHost(deps) },
    url: `${scheme}//${row.domain}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDomains(deps: DomainsDeps, auth: AuthContext): Promise<TDomainList> {
  const [rows, upgradeMessage] = await Promise.all([
    repo.listDomains(deps.db, auth.tenantId),
    requireFeature(deps.db, auth.tenantId, 'white_label').then(
      () => null,
      (error: unknown) =>
        error instanceof AppError && error.code === 'payment_required' ? error.message : Promise.reject(error),
    ),
  ]);
  return { domains: rows.map((row) => toDomain(deps, row)), upgradeMessage };
}

export async function addDomain(deps: DomainsDeps, auth: AuthContext, input: TDomainInput): Promise<TDomainResult> {
  await requireFeature(deps.db, auth.tenantId, 'white_label');
  const domain = normalizeDomain(input.domain);
  if (!domain) throw new FieldError('domain', DOMAIN_MESSAGES.invalid);
  const ours = appHost(deps);
  if (domain === ours || domain.endsWith(`.${ours}`)) throw new FieldError('domain', DOMAIN_MESSAGES.ours);
  const holder = await repo.holderOf(deps.db, domain);
  if (holder === auth.tenantId) throw new FieldError('domain', DOMAIN_MESSAGES.duplicate, 'conflict');
  if (holder) throw new FieldError('domain', DOMAIN_MESSAGES.taken, 'conflict');
  if ((await repo.countDomains(deps.db, auth.tenantId)) >= DOMAINS_MAX) {
    throw new AppError('conflict', DOMAIN_MESSAGES.tooMany);
  }
  try {
    const row = await repo.insertDomain(deps.db, auth.tenantId, domain, randomBytes(18).toString('base64url'));
    return { domain: toDomain(deps, row), message: DOMAIN_MESSAGES.added };
  } catch (error) {
    if (error instanceof repo.DomainTakenError) throw new FieldError('domain', DOMAIN_MESSAGES.taken, 'conflict');
    throw error;
  }
}

async function domainOr404(deps: DomainsDeps, tenantId: string, id: string): Promise<repo.DomainRow> {
  const row = UUID.test(id) ? await repo.findDomain(deps.db, tenantId, id) : undefined;
  if (!row) throw missing();
  return row;
}

/** Looks the TXT record up and records the outcome; a DNS failure changes nothing. */
async function check(deps: DomainsDeps, row: repo.DomainRow, now: Date) {
  let values: string[];
  try {
    values = await deps.lookupTxt(`${VERIFICATION_PREFIX}.${row.domain}`);
  } catch {
    return { kind: 'unreachable' as const };
  }
  const verified = values.includes(`${VERIFICATION_VALUE_PREFIX}${row.verificationToken}`);
  const updated = await repo.recordCheck(deps.db, row.tenantId, row.id, {
    verified,
    error: verified ? null : DOMAIN_MESSAGES.notFoundYet,
    at: now,
  });
  if (verified !== row.verified) forgetHost(row.domain);
  return { kind: 'checked' as const, verified, row: updated ?? row };
}

export async function verifyDomain(
  deps: DomainsDeps,
  auth: AuthContext,
  id: string,
  now = new Date(),
): Promise<TDomainResult> {
  const row = await domainOr404(deps, auth.tenantId, id);
  const outcome = await check(deps, row, now);
  if (outcome.kind === 'unreachable') throw new AppError('unavailable', DOMAIN_MESSAGES.lookupFailed);
  return {
    domain: toDomain(deps, outcome.row),
    message: outcome.verified ? DOMAIN_MESSAGES.verified : DOMAIN_MESSAGES.notFoundYet,
  };
}

export async function removeDomain(deps: DomainsDeps, auth: AuthContext, id: string): Promise<void> {
  if (!UUID.test(id)) throw missing();
  const row = await repo.deleteDomain(deps.db, auth.tenantId, id);
  if (!row) throw missing();
  forgetHost(row.domain);
}

/** The daily re-check: a domain whose TXT record is gone stops serving the business. */
export async function recheckVerifiedDomains(deps: DomainsDeps, now = new Date()) {
  let kept = 0;
  let lost = 0;
  for (const row of await repo.listVerified(deps.db)) {
    const outcome = await check(deps, row, now);
    if (outcome.kind === 'checked' && outcome.verified) kept += 1;
    else if (outcome.kind === 'checked') lost += 1;
  }
  return { kept, lost };
}

/** The brand a page on a business's verified domain is shown in (GET /api/public/brand). */
export async function hostBrand(db: Db, tenantId: string | null): Promise<THostBrand> {
  if (!tenantId) return { brand: null };
  const brand = await brandingOf({ db }, tenantId);
  return {
    brand: brand.name
      ? {
          name: brand.name,
          logoUrl: brand.logoUrl,
          primaryColor: brand.primaryColor,
          secondaryColor: brand.secondaryColor,
        }
      : null,
  };
}
