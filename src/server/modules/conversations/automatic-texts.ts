import type { TMessageKind } from '#shared/conversations.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { logMessage, type Customer } from './conversation-log.ts';
import { conversationSettings } from './conversation-settings.ts';
import { SEND_REPLY_JOB } from './conversations.service.ts';

// Quiet hours for automatic texts (speed-to-lead, the missed-call text-back; decision 031): a
// text due inside them is kept in the thread as "scheduled" and the send job texts it when they
// end, in the business's time zone. A person's typed reply is never held.

/** True when the wall-clock time `t` (HH:MM) is inside [start, end), a window that may cross midnight. */
export function withinWindow(t: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** When quiet hours [start, end) that hold `now` end, or null when `now` is outside them. */
export function quietUntil(now: Date, timeZone: string, start: string, end: string): Date | null {
  const { date, time } = isoToZoned(now.toISOString(), timeZone);
  if (!withinWindow(time, start, end)) return null;
  return new Date(zonedToIso(time < end ? date : nextDay(date), end, timeZone));
}

/** The end of the business's quiet hours when an automatic text is due now inside them, else null. */
export async function quietHoursEnd(db: Db, tenantId: string, now = new Date()): Promise<Date | null> {
  const [settings, timeZone] = await Promise.all([
    conversationSettings(db, tenantId),
    tenantTimezone({ db }, tenantId),
  ]);
  return quietUntil(now, timeZone, settings.quietStart, settings.quietEnd);
}

/**
 * An automatic text for the send job: now, or (`at`) when quiet hours end, shown as scheduled in
 * the thread meanwhile. The job checks the STOP list again when it runs.
 */
export async function queueAutomaticText(
  deps: { db: Db; jobs: Pick<Jobs, 'enqueue'> },
  tenantId: string,
  who: Customer,
  text: { kind: TMessageKind; body: string; at: Date | null },
): Promise<void> {
  const { message } = await logMessage(deps.db, tenantId, who, {
    direction: 'out',
    channel: 'sms',
    kind: text.kind,
    body: text.body,
    status: text.at ? 'scheduled' : 'pending',
  });
  if (!message) return;
  await deps.jobs.enqueue(
    SEND_REPLY_JOB,
    { tenantId, messageId: message.id },
    { key: message.id, ...(text.at ? { startAfter: text.at } : {}) },
  );
}
