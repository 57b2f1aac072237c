import { randomBytes } from 'node:crypto';
import type { TLinkSource } from '#shared/schemas/links.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { AppServices } from '#server/services.ts';
import * as repo from './links.repo.ts';

export type { LinkSource } from '#shared/schemas/links.ts';

/**
 * Tracked short links: `createTrackedLink` gives a `/r/{code}` URL for something we send out,
 * GET /r/{code} counts the click and redirects, `clickCounts` reads the figures back.
 */
export interface LinksDeps {
  db: Db;
  /** Public base of the links (APP_URL, like every mailed link). */
  appUrl: string;
}

export function linksDeps(services: AppServices): LinksDeps {
  return {
    db: services.database.db,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return services.config.appUrl;
    },
  };
}

const CODE_LENGTH = 11; // ≈ 65 random bits
/** Letters and digits only: no "_" or "-", which some networks escape in post text (LinkedIn's "\_"). */
function newCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) code += randomBytes(12).toString('base64url').replace(/[-_]/g, '');
  return code.slice(0, CODE_LENGTH);
}
/** The shape of a code we issue, checked before any query. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

function checkTarget(targetUrl: string): string {
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    throw new AppError('bad_request', 'The link target must be a full web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('bad_request', 'The link target must be an http or https address.');
  }
  return url.toString();
}

export async function createTrackedLink(
  deps: LinksDeps,
  tenantId: string,
  input: { targetUrl: string; source: TLinkSource; sourceId?: string },
): Promise<{ id: string; code: string; url: string }> {
  const targetUrl = checkTarget(input.targetUrl);
  // A collision of 64 random bits is practically impossible; retry anyway rather than fail.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await repo.insertLink(deps.db, tenantId, {
      code: newCode(),
      targetUrl,
      source: input.source,
      sourceId: input.sourceId ?? null,
    });
    if (row) return { id: row.id, code: row.code, url: `${deps.appUrl}/r/${row.code}` };
  }
  throw new Error('could not allocate a unique link code');
}

export async function clickCounts(
  deps: Pick<LinksDeps, 'db'>,
  tenantId: string,
  opts: { source?: TLinkSource; since?: Date },
): Promise<{ source: TLinkSource; sourceId: string | null; clicks: number }[]> {
  return repo.clickCounts(deps.db, tenantId, opts);
}

/**
 * Clicks per source row (a post, a page) of the given link sources since `since`; a row whose
 * links got no click in that time has 0, a row without any tracked link is absent.
 */
export async function clicksPerSourceRow(
  deps: Pick<LinksDeps, 'db'>,
  tenantId: string,
  sources: TLinkSource[],
  since?: Date,
): Promise<{ source: TLinkSource; sourceId: string; clicks: number }[]> {
  if (sources.length === 0) return [];
  const rows = await repo.clicksPerSourceRow(deps.db, tenantId, sources, since);
  return rows.flatMap((r) =>
    r.sourceId ? [{ source: r.source, sourceId: r.sourceId, clicks: Number(r.clicks) }] : [],
  );
}

/** GET /r/{code}: counts the click and answers where to send the visitor (undefined: no such link). */
export async function followLink(
  deps: Pick<LinksDeps, 'db'>,
  code: string,
  userAgent: string | undefined,
): Promise<string | undefined> {
  if (!CODE_PATTERN.test(code)) return undefined;
  const link = await repo.findByCode(deps.db, code);
  if (!link) return undefined;
  await repo.insertClick(deps.db, link.tenantId, link.id, userAgent?.slice(0, 500) || null);
  return link.targetUrl;
}
