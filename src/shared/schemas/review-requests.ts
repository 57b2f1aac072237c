import { z } from 'zod';
import { zString } from './string.ts';

// Review requests after a job (issue 16): the business's choices, the requests and their
// delivery, and the funnel (requests sent → clicked → new reviews).

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

export const ZRequestSettings = z.object({
  autoSend: z.boolean(),
  delayHours: z
    .number({ error: 'Delay must be a number of hours' })
    .int('Delay must be a whole number of hours')
    .min(0, 'Delay must be 0 hours or more')
    .max(DELAY_HOURS_MAX, `Delay must be at most ${DELAY_HOURS_MAX} hours (a week)`),
  channel: z.enum(REQUEST_CHANNEL_PREFS, { error: 'Please choose how requests are sent' }),
});
export type TRequestSettings = z.infer<typeof ZRequestSettings>;

export const ZReviewRequest = z.object({
  id: zString(),
  customerName: zString(),
  phone: zString().nullable(),
  email: zString().nullable(),
  trigger: z.enum(REQUEST_TRIGGERS),
  status: z.enum(REQUEST_STATUSES),
  reason: zString().nullable(),
  scheduledFor: zString(),
  sentAt: zString().nullable(),
  smsStatus: z.enum(SMS_STATUSES).nullable(),
  emailStatus: z.enum(EMAIL_STATUSES).nullable(),
  clicks: z.number().int(),
  createdAt: zString(),
});
export type TReviewRequest = z.infer<typeof ZReviewRequest>;

export const FUNNEL_PERIODS = [7, 30, 90, 365] as const;
export const ZFunnelQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (FUNNEL_PERIODS as readonly number[]).includes(d), 'Period must be 7, 30, 90 or 365 days')
    .default(30),
});

export const ZRequestFunnel = z.object({
  days: z.number().int(),
  sent: z.number().int(),
  clicked: z.number().int(),
  newReviews: z.number().int(),
});
export type TRequestFunnel = z.infer<typeof ZRequestFunnel>;

export const ZReviewRequestList = z.object({
  requests: z.array(ZReviewRequest),
  funnel: ZRequestFunnel,
  settings: ZRequestSettings,
  /** What a request can use right now: the Google review link and a Twilio number. */
  ready: z.object({ reviewLink: z.boolean(), sms: z.boolean() }),
  timezone: zString(),
});
export type TReviewRequestList = z.infer<typeof ZReviewRequestList>;

const optionalText = (max: number, label: string) =>
  zString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

/** POST /api/reviews/requests: Request a review by hand (a phone or an email is needed). */
export const ZCreateReviewRequest = z
  .object({
    customerName: zString({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(120, 'Name must be at most 120 characters'),
    phone: optionalText(25, 'Phone'),
    email: optionalText(254, 'Email').refine(
      (v) => v === null || z.email().safeParse(v).success,
      'Please enter a valid email address',
    ),
  })
  .refine((v) => v.phone || v.email, { message: 'Enter a phone number or an email address', path: ['phone'] });
export type TCreateReviewRequest = z.input<typeof ZCreateReviewRequest>;
