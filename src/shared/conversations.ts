// Conversations (issue 38): every customer's texts, emails, form messages and our automatic
// messages in one thread. The zod-free lists and messages both sides read.

export const CONVERSATION_STATUSES = ['open', 'done'] as const;
export type TConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** How a message travelled: a text, an email, a landing page's form, a missed call, or a note only the team sees. */
export const MESSAGE_CHANNELS = ['sms', 'email', 'form', 'call', 'note'] as const;
export type TMessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type TMessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** Who wrote an outgoing message: a person on the team, or one of our automatic messages. */
export const MESSAGE_KINDS = [
  'customer',
  'reply',
  'note',
  'speed_to_lead',
  'review_request',
  'missed_call',
  'form',
] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Delivery state of a message. Outgoing: scheduled (an automatic text held until quiet hours
 * end), pending (waiting for the send job), queued, sending,
 * sent, delivered, undelivered, failed (with the carrier's reason), opted_out (not sent: the
 * customer replied STOP). Incoming and notes: received.
 */
export const MESSAGE_STATUSES = [
  'received',
  'scheduled',
  'pending',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'opted_out',
] as const;
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<TMessageStatus, string> = {
  received: 'Received',
  scheduled: 'Waits for quiet hours to end',
  pending: 'Sending…',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  opted_out: 'Not sent: opted out',
};

export const MESSAGE_KIND_LABELS: Record<TMessageKind, string> = {
  customer: 'Customer',
  reply: 'Reply',
  note: 'Note',
  speed_to_lead: 'Automatic reply to the form',
  review_request: 'Review request',
  missed_call: 'Missed-call text',
  form: 'Form message',
};

/** The assignee filter: everyone's threads, mine, or nobody's. */
export const INBOX_FILTERS = ['open', 'mine', 'done'] as const;
export type TInboxFilter = (typeof INBOX_FILTERS)[number];

export const SMS_BODY_MAX = 1600;
export const DEFAULT_MISSED_CALL_MESSAGE = 'Sorry we missed you — how can we help?';

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found.',
  optedOut: 'This customer replied STOP, so they cannot be texted until they reply START.',
  noPhone: 'This customer has no mobile number to text.',
  noEmail: 'This customer has no email address.',
  smsNotSetUp: 'Text messages are not set up. Add your Twilio number in Settings → SMS.',
  assigneeNotMember: 'That person is not on your team.',
} as const;

/** A few replies owners send every day; {name} is the customer's first name, {business} the business's. */
export const REPLY_TEMPLATES = [
  {
    id: 'thanks',
    label: 'Thanks, on it',
    body: 'Hi {name}, thanks for reaching out to {business}! We will get back to you shortly.',
  },
  {
    id: 'times',
    label: 'Ask for a time',
    body: 'Hi {name}, what day and time would suit you for us to come out and take a look?',
  },
  {
    id: 'details',
    label: 'Ask for details',
    body: 'Hi {name}, could you tell us a little more about the problem, or send a photo?',
  },
  {
    id: 'call',
    label: 'Offer a call',
    body: 'Hi {name}, is this a good number to call you on? It may be quicker to talk it through.',
  },
] as const;

export function fillTemplate(body: string, values: { name: string; business: string }): string {
  return body.replaceAll('{name}', values.name).replaceAll('{business}', values.business);
}
