import type { TReviewRequest } from '@shared/schemas/review-requests';

// How a request's state reads on the screen.

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** One sentence: sent, scheduled for when, or why not. */
export function requestOutcome(r: TReviewRequest, timeZone: string): string {
  if (r.status === 'skipped' || r.status === 'failed') return r.reason ?? 'It could not be sent.';
  if (r.status === 'sent') return `Sent ${when(r.sentAt ?? r.scheduledFor, timeZone)}.`;
  if (r.status === 'sending') return 'Sending now.';
  return `Scheduled for ${when(r.scheduledFor, timeZone)} (texts go out between 9 am and 8 pm your time).`;
}

const SMS_LABELS: Record<string, string> = {
  queued: 'Text queued',
  accepted: 'Text queued',
  sending: 'Text sending',
  sent: 'Text sent',
  delivered: 'Text delivered',
  undelivered: 'Text not delivered',
  failed: 'Text failed',
};
const EMAIL_LABELS: Record<string, string> = {
  sent: 'Email sent',
  outbox: 'Email in outbox (no mail server set)',
  failed: 'Email failed',
};

/** The delivery of each channel used, e.g. "Text delivered · Email sent". */
export function deliveryOf(r: TReviewRequest): string | null {
  const parts = [r.smsStatus ? SMS_LABELS[r.smsStatus] : null, r.emailStatus ? EMAIL_LABELS[r.emailStatus] : null];
  const text = parts.filter(Boolean).join(' · ');
  return text || null;
}
