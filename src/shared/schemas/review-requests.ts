import { z } from 'zod';
import { zString } from './string.ts';
import {
  DELAY_HOURS_MAX,
  EMAIL_STATUSES,
  FUNNEL_PERIODS,
  REQUEST_CHANNEL_PREFS,
  REQUEST_STATUSES,
  REQUEST_TRIGGERS,
  SMS_STATUSES,
} from '../review-requests.ts';

// Review requests after a job (issue 16): the business's choices, the requests and their
// delivery, and the funnel (requests sent → clicked → new reviews).

/** The zod-free constants live in shared/review-requests.ts. */
export * from '../review-requests.ts';

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
