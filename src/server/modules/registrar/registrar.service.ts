import type { TRegistrarDomains } from '../../../shared/schemas/settings.ts';
import { AppError } from '../../errors.ts';
import { createGodaddyClient, GodaddyError } from '../../integrations/godaddy/godaddy-client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { registrarCredentials, type SettingsDeps } from '../settings/settings.service.ts';

/** The domains of the tenant's registrar account, with the keys stored in settings (spec-2 §2.13). */
export async function listDomains(deps: SettingsDeps, auth: AuthContext): Promise<TRegistrarDomains> {
  const creds = await registrarCredentials(deps, auth.tenantId);
  try {
    return { domains: await createGodaddyClient(deps.outbound, deps.godaddyBaseUrl[creds.environment], creds).listDomains() };
  } catch (err) {
    if (!(err instanceof GodaddyError)) throw err;
    // Keys GoDaddy refuses are the caller's to fix (400); an unreachable or failing GoDaddy is ours to report (503).
    throw new AppError(err.kind === 'credentials' || err.kind === 'denied' ? 'bad_request' : 'unavailable', err.message);
  }
}
