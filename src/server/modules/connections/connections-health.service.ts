import {
  PROVIDER_NAMES,
  needsReconnect,
  type TConnection,
  type TProblemCode,
  type TProvider,
} from '#shared/schemas/connections.ts';
import { AppError } from '#server/errors.ts';
import { ConnectionProblem, problemMessage, problemReason } from '#server/integrations/provider-http.ts';
import { PROVIDER_CALLS } from '#server/integrations/provider-scopes.ts';
import { connectionProblemMail } from '#server/mail/templates.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { PROVIDER_DEFS } from './connections-providers.ts';
import * as repo from './connections.repo.ts';
import { businessAdmins } from '#server/modules/auth/accounts.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';
import { notify } from '#server/modules/push/push.service.ts';
import {
  existing,
  isConfigured,
  noProblem,
  nowOf,
  openToken,
  refreshConnection,
  withToken,
  type ConnectionsDeps,
} from './connections-tokens.service.ts';

/**
 * Connection health (issue 14): success and problems recorded on the connection, one mail per
 * problem, the connection as the API answers it (the banner's problem), the checks (Check now,
 * the daily check, the refresh run) and token use for other areas, whose failures are recorded.
 */

export const SETTINGS_PATH = '/settings?tab=connections';

// Health -------------------------------------------------------------------------------------

async function recordSuccess(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
  const now = nowOf(deps);
  await repo.updateConnection(deps.db, row.tenantId, row.provider as TProvider, {
    ...(row.externalAccountId ? { status: 'healthy' } : {}),
    ...noProblem,
    lastSuccessAt: now,
    lastCheckedAt: now,
  });
}

/** Records a problem; the owner is mailed once per problem (a new code is a new problem). */
export async function recordProblem(
  deps: ConnectionsDeps,
  row: repo.ConnectionRow,
  problem: ConnectionProblem,
): Promise<void> {
  const provider = row.provider as TProvider;
  const now = nowOf(deps);
  const same = row.status === 'problem' && row.problemCode === problem.code;
  deps.log.warn({ provider, tenantId: row.tenantId, code: problem.code, detail: problem.detail }, 'connection problem');
  const values = {
    status: 'problem',
    problemCode: problem.code,
    problemMessage: problem.message,
    problemSince: same ? row.problemSince : now,
    problemNotifiedAt: same ? row.problemNotifiedAt : null,
    lastCheckedAt: now,
  };
  if (!problem.needsReconnect) {
    // Waiting fixes rate limits and outages, so no mail; and they never hide a standing "Reconnect".
    const recorded = await repo.updateUnlessReconnectNeeded(deps.db, row.tenantId, provider, values);
    if (!recorded) await repo.updateConnection(deps.db, row.tenantId, provider, { lastCheckedAt: now });
    return;
  }
  await repo.updateConnection(deps.db, row.tenantId, provider, values);
  if (!(await repo.claimProblemNotice(deps.db, row.tenantId, provider, now))) return;
  const name = PROVIDER_NAMES[provider];
  const brand = await mailBrand(deps, row.tenantId);
  for (const admin of await businessAdmins(deps.db, row.tenantId)) {
    const mail = connectionProblemMail(
      admin.firstName,
      { provider: name, reason: problem.reason, message: problem.message, action: `Reconnect ${name}` },
      `${deps.appUrl}${SETTINGS_PATH}`,
      brand,
    );
    await deps.mailer.send({
      to: admin.email,
      ...mail,
      type: 'connection_problem',
      userId: admin.userId,
      tenantId: row.tenantId,
    });
  }
  // The phone hears of it too, once per problem like the mail (members who chose it); a push
  // that cannot be queued never fails the check.
  await notify(deps, row.tenantId, 'connection', {
    title: `${name} needs attention`,
    body: problem.message,
    url: SETTINGS_PATH,
  }).catch((err: unknown) => deps.log.warn({ provider, err: String(err) }, 'connection push not queued'));
}

/** One cheap call with the stored tokens, recorded as success or problem. */
async function checkRow(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
  const provider = row.provider as TProvider;
  const def = PROVIDER_DEFS[provider];
  try {
    await withToken(deps, row, async (token) => {
      // A Page token speaks for the chosen Page (Meta); otherwise the user's token.
      const accountToken = row.accountToken ? openToken(deps, row, 'account') : token;
      await def.check(deps.config, provider === 'meta' ? accountToken : token, row.externalAccountId, deps.http ?? {});
    });
  } catch (err) {
    if (!(err instanceof ConnectionProblem)) throw err;
    const fresh = (await repo.findConnection(deps.db, row.tenantId, provider)) ?? row;
    await recordProblem(deps, fresh, err);
    return;
  }
  const fresh = (await repo.findConnection(deps.db, row.tenantId, provider)) ?? row;
  const lacking = ungranted(fresh);
  if (lacking) await recordProblem(deps, fresh, lacking);
  else await recordSuccess(deps, fresh);
}

/**
 * A grant made before Fieldwise asked for a scope (or with one unticked at the consent screen):
 * the calls that need it will be refused, so the owner is told now which permission is missing.
 * Only for grants whose scopes the provider reported (not Meta's, not pasted tokens).
 */
function ungranted(row: repo.ConnectionRow): ConnectionProblem | null {
  const provider = row.provider as TProvider;
  if (row.source !== 'oauth' || row.scopes.length === 0) return null;
  const missing = PROVIDER_DEFS[provider].scopes.filter((s) => !row.scopes.includes(s));
  const calls = PROVIDER_CALLS[provider].filter((c) => c.needs.some((n) => missing.includes(n)));
  if (calls.length === 0) return null;
  return new ConnectionProblem(provider, 'missing_permission', `not granted: ${missing.join(' ')}`, undefined, {
    needs: missing.filter((s) => calls.some((c) => c.needs.includes(s))),
    what: [...new Set(calls.map((c) => c.what))].join(' or '),
  });
}

// The connection as answered (the banner's problem) ------------------------------------------

export function view(deps: ConnectionsDeps, provider: TProvider, row: repo.ConnectionRow | undefined): TConnection {
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  if (!row) {
    return {
      provider,
      state: isConfigured(deps, provider) ? 'disconnected' : 'not_configured',
      source: null,
      accountName: null,
      accountId: null,
      scopes: [],
      lastSuccessAt: null,
      lastCheckedAt: null,
      expiresAt: null,
      problem: null,
    };
  }
  const code = row.status === 'problem' ? (row.problemCode as TProblemCode | null) : null;
  const name = PROVIDER_NAMES[provider];
  const reconnect = needsReconnect(code);
  return {
    provider,
    state: row.status === 'problem' ? 'problem' : row.status === 'healthy' ? 'healthy' : 'choose_account',
    source: row.source === 'manual' ? 'manual' : 'oauth',
    accountName: row.accountName,
    accountId: row.externalAccountId,
    scopes: row.scopes,
    lastSuccessAt: iso(row.lastSuccessAt),
    lastCheckedAt: iso(row.lastCheckedAt),
    expiresAt: iso(row.expiresAt),
    problem: code
      ? {
          code,
          reason: problemReason(code),
          message: row.problemMessage ?? problemMessage(provider, code),
          action: reconnect ? `Reconnect ${name}` : 'Check again',
          fix: reconnect ? 'reconnect' : 'check',
          since: (row.problemSince ?? row.updatedAt).toISOString(),
        }
      : null,
  };
}

/** A failed provider call during a request: recorded, then answered as a readable 4xx/5xx. */
export async function asAppError(deps: ConnectionsDeps, row: repo.ConnectionRow, err: unknown): Promise<never> {
  if (!(err instanceof ConnectionProblem)) throw err;
  await recordProblem(deps, (await repo.findConnection(deps.db, row.tenantId, row.provider as TProvider)) ?? row, err);
  throw new AppError(
    err.code === 'rate_limited' ? 'rate_limited' : err.needsReconnect ? 'conflict' : 'unavailable',
    err.message,
  );
}

/** "Check now": one cheap call, recorded; answers the connection as it now stands. */
export async function checkConnection(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
): Promise<TConnection> {
  await checkRow(deps, await existing(deps, auth, provider));
  return view(deps, provider, await repo.findConnection(deps.db, auth.tenantId, provider));
}

// Background work (connections.jobs.ts) ------------------------------------------------------

/** Refreshes every token that expires within `withinMs`; a failed refresh becomes the connection's problem. */
export async function refreshExpiringTokens(
  deps: ConnectionsDeps,
  withinMs = 20 * 60_000,
): Promise<{ refreshed: number; failed: number }> {
  const rows = await repo.findExpiring(deps.db, new Date(nowOf(deps).getTime() + withinMs));
  let refreshed = 0;
  let failed = 0;
  for (const row of rows) {
    if (!isConfigured(deps, row.provider as TProvider)) continue;
    try {
      await refreshConnection(deps, row);
      refreshed++;
    } catch (err) {
      if (!(err instanceof ConnectionProblem)) throw err;
      failed++;
      // A passing outage leaves the row alone; the next run tries again before expiry.
      if (err.needsReconnect) await recordProblem(deps, row, err);
    }
  }
  return { refreshed, failed };
}

/** The daily health check: one cheap call per connection, each recorded. */
export async function checkAllConnections(deps: ConnectionsDeps): Promise<{ healthy: number; problems: number }> {
  let healthy = 0;
  let problems = 0;
  for (const row of await repo.findCheckable(deps.db)) {
    await checkRow(deps, row);
    const after = await repo.findConnection(deps.db, row.tenantId, row.provider as TProvider);
    if (after?.status === 'problem') problems++;
    else healthy++;
  }
  return { healthy, problems };
}

// Token use for other areas, a failure recorded on the connection -------------------------------

/**
 * For other areas (reviews sync, replies): runs `use` with a live access token and the chosen
 * account of the business's healthy connection; undefined when there is none. A provider problem
 * is recorded on the connection (banner, mail) and rethrown for the caller to show.
 */
export async function withConnection<T>(
  deps: ConnectionsDeps,
  tenantId: string,
  provider: TProvider,
  use: (token: string, accountId: string) => Promise<T>,
): Promise<T | undefined> {
  const row = await repo.findConnection(deps.db, tenantId, provider);
  if (!row || row.status === 'choose_account' || !row.externalAccountId) return undefined;
  const accountId = row.externalAccountId;
  try {
    return await withToken(deps, row, (token) => use(token, accountId));
  } catch (err) {
    if (err instanceof ConnectionProblem) await recordProblemFor(deps, tenantId, err, row);
    throw err;
  }
}

/**
 * Records a problem another area met with the business's connection (a refused permission while
 * the rest of its work went on, Meta's insights); `row` when the caller has it already.
 */
export async function recordProblemFor(
  deps: ConnectionsDeps,
  tenantId: string,
  problem: ConnectionProblem,
  row?: repo.ConnectionRow,
): Promise<void> {
  const fresh = (await repo.findConnection(deps.db, tenantId, problem.provider)) ?? row;
  if (fresh) await recordProblem(deps, fresh, problem);
}

/**
 * Runs `use` with a live token for the chosen account (Meta: the Page's token), refreshed as
 * needed. A failure that needs the owner (expired, revoked) is recorded like a health check's;
 * every ConnectionProblem is rethrown for the caller to report. Null when nothing is connected.
 */
export async function withAccountToken<T>(
  deps: ConnectionsDeps,
  tenantId: string,
  provider: TProvider,
  use: (token: string, accountId: string) => Promise<T>,
): Promise<T | null> {
  const row = await repo.findConnection(deps.db, tenantId, provider);
  if (!row?.externalAccountId) return null;
  const accountId = row.externalAccountId;
  try {
    return await withToken(deps, row, (token) =>
      use(provider === 'meta' && row.accountToken ? openToken(deps, row, 'account') : token, accountId),
    );
  } catch (err) {
    if (err instanceof ConnectionProblem && err.needsReconnect) await recordProblemFor(deps, tenantId, err, row);
    throw err;
  }
}
