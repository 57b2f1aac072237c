import { DEFAULT_MISSED_CALL_MESSAGE, type TConversationSettings } from '#shared/schemas/conversations.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { toE164 } from '#server/modules/reviews/review-request-rules.ts';
import * as repo from './conversations.repo.ts';

// The business's missed-call text-back (forward number, text, hours) and quiet hours for
// automatic texts; no row means these defaults.

export const DEFAULT_SETTINGS: TConversationSettings = {
  forwardTo: null,
  missedCallText: true,
  missedCallMessage: DEFAULT_MISSED_CALL_MESSAGE,
  hoursStart: '08:00',
  hoursEnd: '18:00',
  quietStart: '21:00',
  quietEnd: '08:00',
};

export async function conversationSettings(db: Db, tenantId: string): Promise<TConversationSettings> {
  const row = await repo.findSettings(db, tenantId);
  if (!row) return DEFAULT_SETTINGS;
  return {
    forwardTo: row.forwardTo,
    missedCallText: row.missedCallText,
    missedCallMessage: row.missedCallMessage ?? DEFAULT_MISSED_CALL_MESSAGE,
    hoursStart: row.hoursStart,
    hoursEnd: row.hoursEnd,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
  };
}

export async function saveConversationSettings(
  deps: { db: Db },
  auth: AuthContext,
  input: TConversationSettings,
): Promise<TConversationSettings> {
  const forwardTo = input.forwardTo ? toE164(input.forwardTo) : null;
  if (input.forwardTo && !forwardTo) throw new AppError('bad_request', 'Forward number is not a valid phone number.');
  await repo.saveSettings(deps.db, auth.tenantId, { ...input, forwardTo });
  return conversationSettings(deps.db, auth.tenantId);
}
