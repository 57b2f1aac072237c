import { z } from 'zod';
import { zString } from './string.ts';
import {
  CONVERSATION_STATUSES,
  MESSAGE_CHANNELS,
  MESSAGE_DIRECTIONS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  SMS_BODY_MAX,
} from '../conversations.ts';

// Conversations (issue 38): the inbox list, a thread with its messages, replies and the
// thread's status and assignee.

/** The zod-free constants live in shared/conversations.ts. */
export * from '../conversations.ts';

// Any string: a malformed id is a 404 from the service, like a missing thread.
export const ZConversationParams = z.object({ id: zString().max(64) });

export const ZConversationListQuery = z.object({
  status: z.enum([...CONVERSATION_STATUSES, 'all'], { error: 'Status must be open, done or all' }).default('open'),
  /** "me", "none", or a team member's id. */
  assignee: zString().max(40).optional(),
  q: zString().trim().max(100).optional(),
  cursor: zString().max(200).optional(),
});
export type TConversationListQuery = z.infer<typeof ZConversationListQuery>;

export const ZConversationSummary = z.object({
  id: zString(),
  name: zString(),
  phone: zString().nullable(),
  email: zString().nullable(),
  leadId: zString().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  assigneeId: zString().nullable(),
  assigneeName: zString().nullable(),
  unread: z.number().int(),
  lastMessageAt: zString(),
  lastMessagePreview: zString(),
  lastChannel: z.enum(MESSAGE_CHANNELS),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

export const ZConversationPage = z.object({
  items: z.array(ZConversationSummary),
  nextCursor: zString().nullable(),
});
export type TConversationPage = z.infer<typeof ZConversationPage>;

export const ZConversationMessage = z.object({
  id: zString(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  body: zString(),
  mediaUrls: z.array(zString()),
  status: z.enum(MESSAGE_STATUSES),
  error: zString().nullable(),
  authorName: zString().nullable(),
  createdAt: zString(),
});
export type TConversationMessage = z.infer<typeof ZConversationMessage>;

export const ZConversation = ZConversationSummary.extend({
  messages: z.array(ZConversationMessage),
  /** When the customer last replied STOP (null: never, or START since). */
  optedOutAt: zString().nullable(),
  /** When the customer last replied START after a STOP. */
  optedInAt: zString().nullable(),
  canText: z.boolean(),
  canEmail: z.boolean(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZSendMessage = z.object({
  channel: z.enum(['sms', 'email', 'note'], { error: 'Channel must be sms, email or note' }),
  body: zString()
    .trim()
    .min(1, 'Write a message first')
    .max(SMS_BODY_MAX, `A message can be at most ${SMS_BODY_MAX} characters`),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;

export const ZUpdateConversation = z
  .object({
    status: z.enum(CONVERSATION_STATUSES, { error: 'Status must be open or done' }).optional(),
    assigneeId: zString().uuid('Assignee is not valid').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, { message: 'Nothing to change' });
export type TUpdateConversation = z.infer<typeof ZUpdateConversation>;

export const ZUnreadCount = z.object({ unread: z.number().int() });

export const ZSuggestedReply = z.object({ body: zString(), source: z.enum(['ai', 'offline']) });
export type TSuggestedReply = z.infer<typeof ZSuggestedReply>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const zTime = (what: string) => zString().regex(HHMM, `${what} must be a time like 08:00`);
/** Missed-call text-back and quiet hours (Settings → SMS). Times are the business's wall clock. */
export const ZConversationSettings = z.object({
  forwardTo: zString()
    .trim()
    .max(30)
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Forward number must be a phone number')
    .nullable(),
  missedCallText: z.boolean(),
  missedCallMessage: zString()
    .trim()
    .min(1, 'Write the text a caller gets')
    .max(320, 'Keep the text under 320 characters'),
  hoursStart: zTime('Opening time'),
  hoursEnd: zTime('Closing time'),
  quietStart: zTime('Quiet hours start'),
  quietEnd: zTime('Quiet hours end'),
});
export type TConversationSettings = z.infer<typeof ZConversationSettings>;
