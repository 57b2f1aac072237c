import type { Db } from '#server/db/client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import * as repo from './settings.repo.ts';
import { reveal } from './settings-sections.ts';

// The business's Twilio sender (Settings → SMS) for the areas that text customers (review
// requests). Its own file, like branding.service.ts, so they need not import the settings service.

export interface SmsSender {
  tenantId: string;
  accountSid: string;
  authToken: string;
  /** The Twilio number texts come from. */
  phoneNumber: string;
}

function senderOf(box: SecretBox, row: repo.ConfigRow): SmsSender | null {
  if (!row.twilioAccountSid || !row.twilioPhoneNumber || !row.twilioAuthToken) return null;
  const authToken = reveal(box, 'sms', 'authToken', row);
  if (authToken === null) return null;
  return { tenantId: row.tenantId, accountSid: row.twilioAccountSid, authToken, phoneNumber: row.twilioPhoneNumber };
}

/** The sender with its token in plain text, or null when SMS is not (or no longer readably) configured. */
export async function smsSender(deps: { db: Db; box: SecretBox }, tenantId: string): Promise<SmsSender | null> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  return row ? senderOf(deps.box, row) : null;
}

/** Every business texting from this Twilio account, to check an inbound webhook's signature against. */
export async function smsSendersOfAccount(deps: { db: Db; box: SecretBox }, accountSid: string): Promise<SmsSender[]> {
  const rows = await repo.findBySmsAccount(deps.db, accountSid);
  return rows.flatMap((row) => senderOf(deps.box, row) ?? []);
}
