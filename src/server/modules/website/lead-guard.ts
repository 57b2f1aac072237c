import { isoToZoned } from '#shared/zoned-time.ts';
import type { TAutoReplyStatus } from '#shared/schemas/website.ts';
import { verifyTurnstile, type ChallengeOutcome } from '#server/integrations/turnstile/turnstile-client.ts';
import { planOf } from '#server/modules/billing/billing.service.ts';
import { toE164 } from '#server/modules/reviews/review-request-rules.ts';
import { tenantTimezone, turnstileKeys } from '#server/modules/settings/settings.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './lead-guard.repo.ts';

/**
 * What keeps the lead form from sending mail for strangers (decision 021). The lead is always
 * stored and the owner always told; only the automatic reply to the address typed is limited:
 * one per form stamp, one per recipient per business and day, a daily number per plan, and not
 * when the business's Turnstile check could not be asked.
 */
export const AUTO_REPLY_HELD = ['used_form', 'repeat_recipient', 'daily_limit', 'challenge_unavailable'] as const;
export type AutoReplyHeld = (typeof AUTO_REPLY_HELD)[number];

export interface AutoReplyPlan {
  email: boolean;
  sms: boolean;
  /** Why no reply goes out although the customer left a way to reach them; null when nothing was held back. */
  held: AutoReplyHeld | null;
  /** The business's day (its time zone) the reply counts on, and its limit. */
  day: string;
  limit: number;
}

/** The Turnstile check of a form post: 'off' when the business has not set it up, 'missing' when the form carried no token. */
export type ChallengeCheck = ChallengeOutcome | 'off' | 'missing';

/**
 * One inbox, however it is spelled: lower case, without a +tag, and for Gmail without dots, so
 * one person cannot be mailed again as jo+1@, jo+2@…
 */
export function emailRecipient(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  let user = email.slice(0, at).trim().toLowerCase().split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  if (gmail) user = user.replace(/\./g, '');
  return `${user}@${gmail ? 'gmail.com' : domain}`;
}

async function businessDay(deps: Pick<WebsiteDeps, 'db'>, tenantId: string, now: number): Promise<string> {
  return isoToZoned(new Date(now).toISOString(), await tenantTimezone(deps, tenantId)).date;
}

/** The business's Turnstile site key for its pages' form, or null when the check is off. */
export async function challengeSiteKey(deps: Pick<WebsiteDeps, 'settings'>, tenantId: string): Promise<string | null> {
  return (await turnstileKeys(deps.settings, tenantId))?.siteKey ?? null;
}

/** Asks Turnstile about the form's token when the business has the check on. */
export async function checkChallenge(
  deps: Pick<WebsiteDeps, 'settings' | 'turnstileBaseUrl'>,
  tenantId: string,
  token: string,
  ip: string,
): Promise<ChallengeCheck> {
  const keys = await turnstileKeys(deps.settings, tenantId);
  if (!keys) return 'off';
  if (!token) return 'missing';
  const verified = await verifyTurnstile(deps.settings.outbound, deps.turnstileBaseUrl, {
    secret: keys.secretKey,
    response: token,
    remoteip: ip,
  });
  return verified.outcome;
}

/**
 * Decides the automatic reply of a stored lead: marks its form stamp used, then claims the day's
 * reply to its email and (when the business can text) its number within the plan's daily limit.
 */
export async function planAutoReply(
  deps: Pick<WebsiteDeps, 'db' | 'settings'>,
  input: {
    tenantId: string;
    pageId: string;
    stamp: string;
    stampExpiresAt: Date;
    email: string | null;
    phone: string | null;
    challenge: ChallengeCheck;
    now: number;
  },
): Promise<AutoReplyPlan> {
  const { tenantId } = input;
  const fresh = await repo.useStamp(deps.db, tenantId, {
    pageId: input.pageId,
    stamp: input.stamp,
    expiresAt: input.stampExpiresAt,
  });
  const [day, { limits }] = await Promise.all([businessDay(deps, tenantId, input.now), planOf(deps.db, tenantId)]);
  const none = (held: AutoReplyHeld | null): AutoReplyPlan => ({
    email: false,
    sms: false,
    held,
    day,
    limit: limits.autoRepliesPerDay,
  });
  if (input.challenge === 'unavailable') return none('challenge_unavailable');
  if (!fresh) return none('used_form');
  const email = input.email ? emailRecipient(input.email) : null;
  const phone = toE164(input.phone);
  const texting = phone !== null && (await smsSender({ db: deps.db, box: deps.settings.box }, tenantId)) !== null;
  const recipients = [email, texting ? phone : null].filter((r): r is string => r !== null);
  if (recipients.length === 0) return none(null);
  const claimed = await repo.claimAutoReply(deps.db, tenantId, day, recipients, limits.autoRepliesPerDay);
  if (claimed === 'limit') return none('daily_limit');
  if (claimed.length === 0) return none('repeat_recipient');
  return {
    ...none(null),
    email: email !== null && claimed.includes(email),
    sms: phone !== null && claimed.includes(phone),
  };
}

/** True the first time it is asked after the day's limit was reached: the owner is told once. */
export function ownerToBeTold(deps: Pick<WebsiteDeps, 'db'>, tenantId: string, day: string): Promise<boolean> {
  return repo.markOwnerTold(deps.db, tenantId, day);
}

/** Today's automatic replies of the business, for Settings → Lead form. */
export async function autoReplyStatus(
  deps: Pick<WebsiteDeps, 'db'>,
  tenantId: string,
  now = Date.now(),
): Promise<TAutoReplyStatus> {
  const [day, { limits }] = await Promise.all([businessDay(deps, tenantId, now), planOf(deps.db, tenantId)]);
  const row = await repo.dayOf(deps.db, tenantId, day);
  return {
    sentToday: row?.sent ?? 0,
    dailyLimit: limits.autoRepliesPerDay,
    limitReachedAt: row?.limitReachedAt?.toISOString() ?? null,
  };
}

/** Forgets used stamps past their life and the days before yesterday (hourly job). */
export function forgetOldGuardRows(deps: Pick<WebsiteDeps, 'db'>, now = new Date()): Promise<number> {
  const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  return repo.forgetOld(deps.db, now, twoDaysAgo);
}
