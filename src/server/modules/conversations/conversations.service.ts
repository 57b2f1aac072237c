import type { FastifyBaseLogger } from 'fastify';
import {
  CONVERSATION_MESSAGES,
  type TConversation,
  type TConversationListQuery,
  type TConversationMessage,
  type TConversationPage,
  type TConversationSummary,
  type TSendMessage,
  type TUpdateConversation,
} from '#shared/schemas/conversations.ts';
import type { Ai } from '#server/ai/ai.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { listMembers } from '#server/modules/auth/members.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound, type Outbound } from '#server/security/ssrf-guard.ts';
import type { AppServices } from '#server/services.ts';
import * as repo from './conversations.repo.ts';
import { publishInboxEvent } from './inbox-events.ts';
import { replyAddress } from './reply-address.ts';
import { isTextOptedOut } from './sms-opt-outs.ts';

// The inbox: the list of threads, one thread with its messages, replies (texts go out through
// the send job), notes, the status and the assignee.

export interface ConversationsDeps {
  db: Db;
  box: SecretBox;
  outbound: Outbound;
  twilioBaseUrl: string;
  appUrl: string;
  jobs: Pick<Jobs, 'enqueue'>;
  mailer: Mailer;
  ai: Ai;
  log: FastifyBaseLogger;
  /** Reply addresses and the inbound email webhook; undefined: emails carry no reply address. */
  inboundEmail: AppConfig['inboundEmail'];
}

export function conversationsDeps(services: AppServices): ConversationsDeps {
  return {
    db: services.database.db,
    box: services.secretBox,
    outbound: createOutbound({ allow: services.config.outboundAllow }),
    twilioBaseUrl: services.config.twilioBaseUrl,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return services.config.appUrl;
    },
    jobs: services.jobs,
    mailer: services.mailer,
    ai: services.ai,
    log: services.log,
    inboundEmail: services.config.inboundEmail,
  };
}

/** The job that texts an owner's reply (retried; idempotent by the message's status). */
export const SEND_REPLY_JOB = 'conversations.send-sms';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
const notFound = () => new AppError('not_found', CONVERSATION_MESSAGES.notFound);
const PAGE = 30;

type Names = Map<string, string>;
async function memberNames(db: Db, tenantId: string): Promise<Names> {
  const members = await listMembers(db, tenantId);
  return new Map(
    members.map((m) => [m.userId, [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email] as const),
  );
}

function toSummary(row: repo.ConversationRow, names: Names): TConversationSummary {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    leadId: row.leadId,
    status: row.status,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? (names.get(row.assigneeId) ?? null) : null,
    unread: row.unread,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    lastChannel: row.lastChannel,
  };
}

export function toMessage(row: repo.MessageRow, names: Names): TConversationMessage {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    kind: row.kind,
    body: row.body,
    mediaUrls: row.mediaUrls,
    status: row.status,
    error: row.error,
    authorName: row.authorId ? (names.get(row.authorId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const cursorOf = (row: repo.ConversationRow) =>
  Buffer.from(`${row.lastMessageAt.toISOString()}|${row.id}`).toString('base64url');
function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id || !isUuid(id))
    throw new AppError('bad_request', 'This page link is not valid; reload the list.');
  return { at: date, id };
}

export async function listConversations(
  deps: Pick<ConversationsDeps, 'db'>,
  auth: AuthContext,
  query: TConversationListQuery,
): Promise<TConversationPage> {
  const assignee = query.assignee;
  let assigneeId: string | null | undefined;
  if (assignee === 'me') assigneeId = auth.userId;
  else if (assignee === 'none') assigneeId = null;
  else if (assignee) {
    if (!isUuid(assignee)) throw new AppError('bad_request', 'Assignee must be "me", "none" or a team member.');
    assigneeId = assignee;
  }
  const q = query.q?.trim();
  const rows = await repo.listConversations(deps.db, {
    tenantId: auth.tenantId,
    status: query.status,
    ...(assigneeId !== undefined ? { assigneeId } : {}),
    ...(q ? { pattern: `%${q.replace(/[\\%_]/g, '\\$&')}%` } : {}),
    ...(query.cursor ? { after: parseCursor(query.cursor)! } : {}),
    limit: PAGE + 1,
  });
  const names = await memberNames(deps.db, auth.tenantId);
  const page = rows.slice(0, PAGE);
  return {
    items: page.map((r) => toSummary(r, names)),
    nextCursor: rows.length > PAGE ? cursorOf(page[page.length - 1]!) : null,
  };
}

async function ownThread(db: Db, auth: AuthContext, id: string): Promise<repo.ConversationRow> {
  const row = isUuid(id) ? await repo.findConversation(db, auth.tenantId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** One thread with its messages; opening it marks it read. */
export async function getConversation(
  deps: Pick<ConversationsDeps, 'db' | 'box'>,
  auth: AuthContext,
  id: string,
): Promise<TConversation> {
  let row = await ownThread(deps.db, auth, id);
  if (row.unread > 0) {
    row = (await repo.updateConversation(deps.db, auth.tenantId, row.id, { unread: 0 })) ?? row;
    await publishInboxEvent(deps.db, auth.tenantId, { conversationId: row.id, kind: 'thread' });
  }
  return threadView(deps, auth.tenantId, row);
}

async function threadView(
  deps: Pick<ConversationsDeps, 'db' | 'box'>,
  tenantId: string,
  row: repo.ConversationRow,
): Promise<TConversation> {
  const [messages, names, sender, optedOut] = await Promise.all([
    repo.threadMessages(deps.db, tenantId, row.id),
    memberNames(deps.db, tenantId),
    smsSender(deps, tenantId),
    row.phone ? isTextOptedOut(deps.db, tenantId, row.phone) : Promise.resolve(false),
  ]);
  return {
    ...toSummary(row, names),
    messages: messages.map((m) => toMessage(m, names)),
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    optedInAt: row.optedInAt?.toISOString() ?? null,
    canText: row.phone !== null && sender !== null && !optedOut,
    canEmail: row.email !== null,
  };
}

/** A reply (text or email) or a note. A text is stored as pending and sent by the job. */
export async function sendMessage(
  deps: ConversationsDeps,
  auth: AuthContext,
  id: string,
  input: TSendMessage,
): Promise<TConversationMessage> {
  const row = await ownThread(deps.db, auth, id);
  const names = await memberNames(deps.db, auth.tenantId);
  const add = (values: Omit<repo.NewMessage, 'direction' | 'authorId'>) =>
    repo.insertMessage(deps.db, auth.tenantId, row.id, { ...values, direction: 'out', authorId: auth.userId });
  if (input.channel === 'note') {
    const note = await add({ channel: 'note', kind: 'note', body: input.body, status: 'received' });
    await publishInboxEvent(deps.db, auth.tenantId, { conversationId: row.id, kind: 'message' });
    return toMessage(note!, names);
  }
  if (input.channel === 'email') {
    if (!row.email) throw new AppError('conflict', CONVERSATION_MESSAGES.noEmail);
    const message = await add({ channel: 'email', kind: 'reply', body: input.body, status: 'pending' });
    const replyTo = deps.inboundEmail ? await replyAddress(deps.db, row, deps.inboundEmail.domain) : undefined;
    const sent = await deps.mailer.send({
      to: row.email,
      ...(replyTo ? { replyTo } : {}),
      subject: `A message from ${auth.tenantName}`,
      text: input.body,
      html: `<p>${input.body.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`,
      type: 'conversation_reply',
      tenantId: auth.tenantId,
    });
    const ok = sent.delivered || deps.mailer.mode === 'outbox';
    const done = await repo.moveMessage(deps.db, auth.tenantId, message!.id, ['pending'], {
      status: ok ? 'sent' : 'failed',
      error: ok ? null : 'The email could not be sent.',
    });
    await publishInboxEvent(deps.db, auth.tenantId, { conversationId: row.id, kind: 'message' });
    return toMessage(done ?? message!, names);
  }
  if (!row.phone) throw new AppError('conflict', CONVERSATION_MESSAGES.noPhone);
  if (await isTextOptedOut(deps.db, auth.tenantId, row.phone))
    throw new AppError('conflict', CONVERSATION_MESSAGES.optedOut);
  if (!(await smsSender(deps, auth.tenantId))) throw new AppError('conflict', CONVERSATION_MESSAGES.smsNotSetUp);
  const message = (await add({ channel: 'sms', kind: 'reply', body: input.body, status: 'pending' }))!;
  await deps.jobs.enqueue(SEND_REPLY_JOB, { tenantId: auth.tenantId, messageId: message.id }, { key: message.id });
  await publishInboxEvent(deps.db, auth.tenantId, { conversationId: row.id, kind: 'message' });
  return toMessage(message, names);
}

export async function updateConversation(
  deps: Pick<ConversationsDeps, 'db' | 'box'>,
  auth: AuthContext,
  id: string,
  input: TUpdateConversation,
): Promise<TConversation> {
  const row = await ownThread(deps.db, auth, id);
  if (input.assigneeId) {
    const names = await memberNames(deps.db, auth.tenantId);
    if (!names.has(input.assigneeId)) throw new AppError('bad_request', CONVERSATION_MESSAGES.assigneeNotMember);
  }
  const changed = await repo.updateConversation(deps.db, auth.tenantId, row.id, {
    ...(input.status ? { status: input.status } : {}),
    ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
  });
  await publishInboxEvent(deps.db, auth.tenantId, { conversationId: row.id, kind: 'thread' });
  return threadView(deps, auth.tenantId, changed ?? row);
}

export async function unreadCount(deps: Pick<ConversationsDeps, 'db'>, auth: AuthContext) {
  return { unread: await repo.countUnread(deps.db, auth.tenantId) };
}
