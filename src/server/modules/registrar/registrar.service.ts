import { createHash } from 'node:crypto';
import type { TRegistrarDomains } from '#shared/schemas/settings.ts';
import { AppError } from '#server/errors.ts';
import {
  createGodaddyClient,
  GodaddyError,
  type GodaddyCredentials,
} from '#server/integrations/godaddy/godaddy-client.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import type { AppServices } from '#server/services.ts';
import { registrarCredentials, settingsDeps, type SettingsDeps } from '#server/modules/settings/settings.service.ts';

/** The registrar works with the keys stored in settings, so it needs what settings needs. */
export type RegistrarDeps = SettingsDeps;

export function registrarDeps(services: AppServices): RegistrarDeps {
  return settingsDeps(services);
}

/**
 * Any member may look at the domains, and every look used to be a call on the business's
 * GoDaddy API quota. The list is cached per business and key for a few minutes (a cache, not a
 * record: each app process keeps its own), and looks are limited per person and per business.
 */
export const DOMAIN_LOOKS = {
  name: 'registrar-domains',
  perUser: { limit: 30, windowMs: 10 * 60_000 },
  perTenant: { limit: 60, windowMs: 10 * 60_000 },
} as const satisfies RouteRateLimit;

const CACHE_MS = 5 * 60_000;
const CACHE_MAX = 1_000;
const cache = new Map<string, { at: number; value: TRegistrarDomains }>();

/** Per business and per stored key set, so new keys or another environment are fetched afresh. */
function cacheKey(tenantId: string, creds: GodaddyCredentials): string {
  const keys = createHash('sha256').update(`${creds.environment}\n${creds.apiKey}\n${creds.apiSecret}`).digest('hex');
  return `${tenantId}:${keys}`;
}

/** The domains of the tenant's registrar account, with the keys stored in settings. */
export async function listDomains(deps: RegistrarDeps, auth: AuthContext): Promise<TRegistrarDomains> {
  const creds = await registrarCredentials(deps, auth.tenantId);
  const key = cacheKey(auth.tenantId, creds);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  try {
    const value = {
      domains: await createGodaddyClient(deps.outbound, deps.godaddyBaseUrl[creds.environment], creds).listDomains(),
    };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, { at: Date.now(), value });
    return value;
  } catch (err) {
    if (!(err instanceof GodaddyError)) throw err;
    // Keys GoDaddy refuses are the caller's to fix (400); an unreachable or failing GoDaddy is ours to report (503).
    throw new AppError(
      err.kind === 'credentials' || err.kind === 'denied' ? 'bad_request' : 'unavailable',
      err.message,
    );
  }
}
