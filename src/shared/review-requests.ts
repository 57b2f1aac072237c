// Review requests' constants without zod, so /reviews loads no schema code before its first
// paint; schemas/review-requests.ts re-exports them beside the schemas that use them.

export const REQUEST_CHANNEL_PREFS = ['sms_then_email', 'sms', 'email', 'both'] as const;
export type TRequestChannelPref = (typeof REQUEST_CHANNEL_PREFS)[number];
export const REQUEST_CHANNEL_LABELS: Record<TRequestChannelPref, string> = {
  sms_then_email: 'Text message (email when there is no phone number)',
  sms: 'Text message only',
  email: 'Email only',
  both: 'Text message and email',
};
export const REQUEST_STATUSES = ['scheduled', 'sending', 'sent', 'skipped', 'failed'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_TRIGGERS = ['auto', 'manual'] as const;
export type TRequestTrigger = (typeof REQUEST_TRIGGERS)[number];
/** Twilio's message statuses (the send answer, then status callbacks). */
export const SMS_STATUSES = ['queued', 'accepted', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type TSmsStatus = (typeof SMS_STATUSES)[number];
/** 'outbox': kept in the local outbox because no SMTP server is configured. */
export const EMAIL_STATUSES = ['sent', 'outbox', 'failed'] as const;
export type TEmailStatus = (typeof EMAIL_STATUSES)[number];

/** The rules: one request per customer per this many days; the send window in the business's zone. */
export const REQUEST_COOLDOWN_DAYS = 90;
export const SEND_WINDOW = { startHour: 9, endHour: 20 } as const;
export const DELAY_HOURS_MAX = 168;
export const DEFAULT_REQUEST_SETTINGS = { autoSend: true, delayHours: 2, channel: 'sms_then_email' } as const;

/** The funnel's periods in days (GET /api/reviews/requests?days=). */
export const FUNNEL_PERIODS = [7, 30, 90, 365] as const;
