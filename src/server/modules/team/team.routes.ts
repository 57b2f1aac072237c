import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResult,
  ZInvitation,
  ZInvitationPreview,
  ZInvitations,
  ZInviteRequest,
  ZLookupInvitationRequest,
  ZTeamMember,
  ZTeamMembers,
  ZUpdateMemberRequest,
} from '#shared/schemas/team.ts';
import { emptyAnswer } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole, setSessionCookie } from '#server/plugins/auth.ts';
import * as team from './team.service.ts';

// Any string: a malformed id is a 404 like a missing one (never a hint about other businesses).
const ZUserParams = z.object({ userId: z.string().max(64) });
const ZIdParams = z.object({ id: z.string().max(64) });
const ZUuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Team (issue 20). Who may call what: docs/roles.md. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, mailer } = app.deps;
  const deps: team.TeamDeps = { db: database.db, config, mailer, log: app.log };
  const asAdmin = { preValidation: requireRole('admin') };
  const removed = { 204: emptyAnswer('Removed') };
  // The last admin stays an admin (409); the plan's seats (402); invitations are mail, so limited (429).
  const lastAdmin = { config: { errors: ['conflict'] as const } };
  const seats = { config: { errors: ['conflict', 'payment_required', 'rate_limited'] as const } };
  const id = (raw: string) => (ZUuidLike.test(raw) ? raw : '00000000-0000-0000-0000-000000000000');

  app.get('/team/members', { preValidation: requireAuth, schema: { response: { 200: ZTeamMembers } } }, (request) =>
    team.listMembers(deps, authOf(request)),
  );

  app.patch(
    '/team/members/:userId',
    {
      ...asAdmin,
      ...lastAdmin,
      schema: { params: ZUserParams, body: ZUpdateMemberRequest, response: { 200: ZTeamMember } },
    },
    (request) => team.changeRole(deps, authOf(request), id(request.params.userId), request.body.role),
  );

  app.delete(
    '/team/members/:userId',
    { ...asAdmin, ...lastAdmin, schema: { params: ZUserParams, response: removed } },
    async (request, reply) => {
      await team.removeMember(deps, authOf(request), id(request.params.userId));
      return reply.code(204).send(null);
    },
  );

  app.get('/team/invitations', { ...asAdmin, schema: { response: { 200: ZInvitations } } }, (request) =>
    team.listInvitations(deps, authOf(request)),
  );

  app.post(
    '/team/invitations',
    { ...asAdmin, ...seats, schema: { body: ZInviteRequest, response: { 201: ZInvitation } } },
    async (request, reply) => reply.code(201).send(await team.invite(deps, authOf(request), request.body)),
  );

  app.post(
    '/team/invitations/:id/resend',
    { ...asAdmin, ...seats, schema: { params: ZIdParams, response: { 200: ZInvitation } } },
    (request) => team.resendInvitation(deps, authOf(request), id(request.params.id)),
  );

  app.delete(
    '/team/invitations/:id',
    { ...asAdmin, schema: { params: ZIdParams, response: removed } },
    async (request, reply) => {
      await team.revokeInvitation(deps, authOf(request), id(request.params.id));
      return reply.code(204).send(null);
    },
  );

  // The accept page: no session needed (the mailed token is the credential).
  app.post(
    '/team/invitations/lookup',
    {
      config: { errors: ['rate_limited'] },
      schema: { body: ZLookupInvitationRequest, response: { 200: ZInvitationPreview } },
    },
    (request) => team.previewInvitation(deps, request.auth, request.body.token, request.ip),
  );

  app.post(
    '/team/invitations/accept',
    { ...seats, schema: { body: ZAcceptInvitationRequest, response: { 200: ZAcceptInvitationResult } } },
    async (request, reply) => {
      const result = await team.acceptInvitation(deps, request.auth, request.body, request.ip);
      setSessionCookie(reply, config, result.session.token);
      return { user: result.user, businessName: result.businessName };
    },
  );
};
