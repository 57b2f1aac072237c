import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZConversation,
  ZConversationListQuery,
  ZConversationMessage,
  ZConversationPage,
  ZConversationSettings,
  ZConversationParams,
  ZSendMessage,
  ZSuggestedReply,
  ZUnreadCount,
  ZUpdateConversation,
} from '#shared/schemas/conversations.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { conversationSettings, saveConversationSettings } from './conversation-settings.ts';
import * as conversations from './conversations.service.ts';
import { inboxBus, openInboxBus } from './inbox-events.ts';
import { suggestReply } from './reply-suggest.ts';

/** Each text costs the business money: a day of busy replying, a wall for a runaway script. */
const REPLIES: RouteRateLimit = {
  name: 'conversation-replies',
  perUser: { limit: 300, windowMs: 60 * 60_000 },
  perTenant: { limit: 1000, windowMs: 60 * 60_000 },
};
const SUGGESTIONS: RouteRateLimit = { name: 'conversation-suggestions', perUser: { limit: 60, windowMs: 60 * 60_000 } };
/** A comment line every 25 s keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

/** The inbox: threads, a thread, replies and notes, status and assignee, the unread badge and the live stream. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = conversations.conversationsDeps(app.deps);
  const bus = openInboxBus(app.deps.database);
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
    bus.close();
  });
  const auth = { preValidation: requireAuth };

  app.get(
    '/conversations',
    { ...auth, schema: { querystring: ZConversationListQuery, response: { 200: ZConversationPage } } },
    async (request) => conversations.listConversations(deps, authOf(request), request.query),
  );

  app.get('/conversations/unread', { ...auth, schema: { response: { 200: ZUnreadCount } } }, async (request) =>
    conversations.unreadCount(deps, authOf(request)),
  );

  app.get(
    '/conversations/settings',
    { ...auth, schema: { response: { 200: ZConversationSettings } } },
    async (request) => conversationSettings(deps.db, authOf(request).tenantId),
  );

  app.put(
    '/conversations/settings',
    {
      preValidation: requireRole('manager'),
      schema: { body: ZConversationSettings, response: { 200: ZConversationSettings } },
    },
    async (request) => saveConversationSettings(deps, authOf(request), request.body),
  );

  // Server-sent events: one `change` event per thread that changed, for the open inbox to refresh.
  // A stream that never ends is no request-and-answer operation, so it stays out of the OpenAPI
  // document (and the fuzz and sweep, which wait for answers); sign-in is still required.
  app.get('/conversations/events', { ...auth, schema: { hide: true } }, async (request, reply) => {
    const { tenantId } = authOf(request);
    const stream = new PassThrough();
    stream.write('retry: 2000\n\n');
    const off = await inboxBus(deps.db).subscribe(tenantId, (event) => {
      stream.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const timer = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const end = () => {
      clearInterval(timer);
      off();
      streams.delete(end);
      stream.end();
    };
    streams.add(end);
    request.raw.on('close', end);
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });

  app.get(
    '/conversations/:id',
    { ...auth, schema: { params: ZConversationParams, response: { 200: ZConversation } } },
    async (request) => conversations.getConversation(deps, authOf(request), request.params.id),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...auth,
      config: { rateLimit: REPLIES, errors: ['conflict'] },
      schema: { params: ZConversationParams, body: ZSendMessage, response: { 201: ZConversationMessage } },
    },
    async (request, reply) =>
      reply.code(201).send(await conversations.sendMessage(deps, authOf(request), request.params.id, request.body)),
  );

  app.post(
    '/conversations/:id/suggestion',
    {
      ...auth,
      config: { rateLimit: SUGGESTIONS, errors: ['payment_required'] },
      schema: { params: ZConversationParams, response: { 200: ZSuggestedReply } },
    },
    async (request) => suggestReply(deps, authOf(request), request.params.id),
  );

  app.patch(
    '/conversations/:id',
    { ...auth, schema: { params: ZConversationParams, body: ZUpdateConversation, response: { 200: ZConversation } } },
    async (request) => conversations.updateConversation(deps, authOf(request), request.params.id, request.body),
  );
};
