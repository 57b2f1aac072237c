import { z } from 'zod';
import { zString } from './string.ts';
import { CONNECTION_STATES, PROBLEM_CODES, PROVIDERS } from '../connections.ts';

/**
 * Connections to the owner's accounts (issue 14). Tokens never appear in any of these shapes.
 *
 * GET /api/connections: any signed-in member. POST …/{provider}/start|select|check and
 * DELETE /api/connections/{provider}: manager or admin. GET …/{provider}/callback is where the
 * provider sends the browser back; it redirects to Settings → Connections. The zod-free
 * constants (providers, states, problem codes, callback outcomes) live in shared/connections.ts.
 */
export * from '../connections.ts';

export const ZConnectionProblem = z.object({
  code: z.enum(PROBLEM_CODES),
  /** Plain English, lower case, fits after a dash: "the access was revoked". */
  reason: zString(),
  /** The whole story in a sentence or two. */
  message: zString(),
  /** The one action that fixes it: "Reconnect Google" or "Check again". */
  action: zString(),
  /** reconnect = start the OAuth flow again; check = POST …/check later. */
  fix: z.enum(['reconnect', 'check']),
  since: z.iso.datetime(),
});
export type TConnectionProblem = z.infer<typeof ZConnectionProblem>;

export const ZConnection = z.object({
  provider: z.enum(PROVIDERS),
  state: z.enum(CONNECTION_STATES),
  /** oauth = connected through the provider's sign-in; manual = credentials pasted in Settings → Social. */
  source: z.enum(['oauth', 'manual']).nullable(),
  accountName: zString().nullable(),
  accountId: zString().nullable(),
  scopes: z.array(zString()),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  /** When the current access token expires (it is refreshed before that); null = does not expire. */
  expiresAt: z.iso.datetime().nullable(),
  problem: ZConnectionProblem.nullable(),
});
export type TConnection = z.infer<typeof ZConnection>;

export const ZConnectionList = z.object({ connections: z.array(ZConnection) });
export type TConnectionList = z.infer<typeof ZConnectionList>;

export const ZStartConnection = z.object({ url: z.url() });

export const ZAccountChoice = z.object({ id: zString(), name: zString(), detail: zString().nullable() });
export type TAccountChoice = z.infer<typeof ZAccountChoice>;
export const ZAccountChoices = z.object({ accounts: z.array(ZAccountChoice) });
export type TAccountChoices = z.infer<typeof ZAccountChoices>;

export const ZSelectAccount = z.object({
  accountId: zString().trim().min(1, 'Please choose one of the accounts.').max(300),
});

export const ZProviderParams = z.object({
  provider: z.enum(PROVIDERS, { error: 'Unknown provider: use google, meta, x or linkedin.' }),
});
