import type { TGoogleProperties, TGooglePropertiesSaved, TSaveGoogleProperties } from '#shared/schemas/keywords.ts';
import { AppError } from '#server/errors.ts';
import { listGa4Properties } from '#server/integrations/ga4/ga4-admin-client.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { listSites } from '#server/integrations/search-console/search-console-client.ts';
import { withConnection } from '#server/modules/connections/connections.service.ts';
import { ga4PropertyId, saveGa4PropertyId } from '#server/modules/settings/settings.service.ts';
import type { KeywordsAppDeps } from './keywords.deps.ts';
import * as repo from './keywords-sync.repo.ts';

// Which Search Console site and which GA4 property a business reads (the Google card's pickers).
// The site lives in seo_keyword_sites (the sync's own record), the property in the business's
// settings (settings.service#saveGa4PropertyId, also shown in Settings → Analytics).

type Deps = Pick<KeywordsAppDeps, 'db' | 'connections' | 'searchConsole' | 'ga4Admin'>;

/** One business's full resync after the owner chose another Search Console site (keywords.jobs.ts). */
export const RESYNC_JOB = 'keywords.resync-site';

export const NOT_CONNECTED = 'Connect Google in Settings → Connections first.';

const PERMISSIONS: Record<string, string> = {
  siteOwner: 'Owner',
  siteFullUser: 'Full access',
  siteRestrictedUser: 'Restricted access',
};

/** A part that failed on its own (rate limit, outage) says so; a problem that needs Reconnect fails the whole call. */
async function part<T>(read: () => Promise<T[]>): Promise<{ items: T[]; error: string | null }> {
  try {
    return { items: await read(), error: null };
  } catch (err) {
    if (err instanceof ConnectionProblem && !err.needsReconnect) return { items: [], error: err.message };
    throw err;
  }
}

/** A ConnectionProblem as the readable 409/429/503 the client shows (it was recorded on the connection). */
export function asRequestError(err: unknown): never {
  if (!(err instanceof ConnectionProblem)) throw err;
  const code = err.code === 'rate_limited' ? 'rate_limited' : err.needsReconnect ? 'conflict' : 'unavailable';
  throw new AppError(code, err.message);
}

/** The sites and properties the business's Google account can read, and the ones in use. */
export async function googleProperties(deps: Deps, tenantId: string): Promise<TGoogleProperties> {
  const lists = await withConnection(deps.connections, tenantId, 'google', async (token) => {
    const [sites, properties] = await Promise.all([
      part(() => listSites(deps.searchConsole, token)),
      part(() => listGa4Properties(deps.ga4Admin, token)),
    ]);
    return { sites, properties };
  }).catch(asRequestError);
  if (!lists) throw new AppError('conflict', NOT_CONNECTED);
  const site = await repo.findSite(deps.db, tenantId);
  const property = (await ga4PropertyId(deps, tenantId))?.replace(/^properties\//, '') ?? null;
  return {
    searchConsole: {
      options: lists.sites.items.map((s) => ({
        id: s.siteUrl,
        name: s.siteUrl.replace(/^sc-domain:/, ''),
        detail: `${s.siteUrl.startsWith('sc-domain:') ? 'Domain property' : 'URL-prefix property'} · ${
          PERMISSIONS[s.permissionLevel] ?? s.permissionLevel
        }`,
      })),
      selected: site?.siteUrl ?? null,
      error: lists.sites.error,
    },
    ga4: {
      options: lists.properties.items.map((p) => ({
        id: p.id,
        name: p.name,
        detail: `${p.account ? `${p.account} · ` : ''}Property ${p.id}`,
      })),
      selected: property,
      error: lists.properties.error,
    },
  };
}

/**
 * Saves the owner's choice after checking Google lists it for this sign-in. A new Search Console
 * site replaces the old site's rows and starts a full resync (a background job); a new GA4
 * property is read from the next request on.
 */
export async function saveGoogleProperties(
  deps: Deps & Pick<KeywordsAppDeps, 'jobs'>,
  tenantId: string,
  choice: TSaveGoogleProperties,
): Promise<TGooglePropertiesSaved> {
  const current = await googleProperties(deps, tenantId);
  const site = choice.searchConsoleSite;
  const property = choice.ga4Property;
  if (site !== undefined && !current.searchConsole.options.some((o) => o.id === site))
    throw new AppError('bad_request', 'That Search Console site is not one this Google account can read.');
  if (property !== undefined && !current.ga4.options.some((o) => o.id === property))
    throw new AppError('bad_request', 'That GA4 property is not one this Google account can read.');

  const siteChanged = site !== undefined && site !== current.searchConsole.selected;
  const propertyChanged = property !== undefined && property !== current.ga4.selected;
  if (siteChanged) await repo.switchSite(deps.db, tenantId, site);
  if (propertyChanged) await saveGa4PropertyId(deps, tenantId, property);
  if (siteChanged) await deps.jobs.enqueue(RESYNC_JOB, { tenantId });

  const after = {
    searchConsole: { ...current.searchConsole, selected: siteChanged ? site : current.searchConsole.selected },
    ga4: { ...current.ga4, selected: propertyChanged ? property : current.ga4.selected },
  };
  const message = siteChanged
    ? 'Saved. Search Console is syncing the new site; keywords appear in a few minutes.'
    : propertyChanged
      ? 'Saved. Analytics now reads the new GA4 property.'
      : 'Nothing changed.';
  return { ...after, resyncing: siteChanged, message };
}
