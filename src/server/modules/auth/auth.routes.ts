import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages } from '#shared/auth-rules.ts';
import {
  ZAuthUser,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMessage,
  ZProfileUpdateRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZVerifyEmailRequest,
} from '#shared/schemas/auth.ts';
import { authOf, clearSessionCookie, requireAuth, setSessionCookie } from '#server/plugins/auth.ts';
import type { ErrorCode } from '#server/errors.ts';
import { PUBLIC_BODY_LIMIT, type RouteRateLimit } from '#server/security/rate-limit.ts';
import * as auth from './auth.service.ts';
import { isKnownDevice, setDeviceCookie } from './device.ts';
import { AUTH_ROUTE_LIMITS as LIMITS } from './limits.ts';

/** Every /api/auth/* call of the spec. HTTP only: the rules live in auth.service.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, secretBox } = app.deps;
  const deps = auth.authDeps(app.deps);
  const caller = (request: FastifyRequest, email: string): auth.Caller => ({
    ip: request.ip,
    knownDevice: isKnownDevice(request, config, secretBox, email),
  });
  const user = { 200: ZAuthUser };
  const message = { 200: ZMessage };
  /** A signed-out form post: a small body, and its per-address limit counted before validation. */
  const publicForm = (rateLimit: RouteRateLimit, errors: ErrorCode[] = []) => ({
    bodyLimit: PUBLIC_BODY_LIMIT,
    config: { rateLimit, errors },
  });

  app.get('/user', { schema: { response: user }, preHandler: requireAuth }, async (request) => {
    const a = authOf(request);
    return auth.userView(deps.db, a.userId, a.role, a.tenantId);
  });

  app.post(
    '/register',
    { schema: { body: ZRegisterRequest, response: { 201: ZAuthUser } }, ...publicForm(LIMITS.register, ['conflict']) },
    async (request, reply) => {
      const result = await auth.register(deps, request.body);
      setSessionCookie(reply, config, result.session.token, result.session.persistentUntil);
      return reply.status(201).send(result.user);
    },
  );

  app.post(
    '/login',
    { schema: { body: ZLoginRequest, response: user }, ...publicForm(LIMITS.login, ['unauthorized']) },
    async (request, reply) => {
      const result = await auth.login(deps, request.body, caller(request, request.body.email));
      setSessionCookie(reply, config, result.session.token, result.session.persistentUntil);
      setDeviceCookie(reply, config, secretBox, request.body.email);
      return result.user;
    },
  );

  app.post('/logout', { schema: { response: message } }, async (request, reply) => {
    await auth.logout(deps, request.auth);
    clearSessionCookie(reply, config);
    return { message: 'You have been signed out.' };
  });

  app.post('/refresh', { schema: { response: user }, preHandler: requireAuth }, async (request) => {
    const a = authOf(request);
    return auth.userView(deps.db, a.userId, a.role, a.tenantId);
  });

  app.put(
    '/profile',
    { schema: { body: ZProfileUpdateRequest, response: user }, preHandler: requireAuth },
    async (request) => auth.updateProfile(deps, authOf(request), request.body),
  );

  app.post(
    '/change-password',
    {
      schema: { body: ZChangePasswordRequest, response: message },
      preHandler: requireAuth,
      config: { rateLimit: LIMITS.changePassword },
    },
    async (request) => {
      await auth.changePassword(deps, authOf(request), request.body);
      return { message: 'Password changed successfully!' };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: message }, ...publicForm(LIMITS.forgot) },
    async (request) => ({
      message: await auth.forgotPassword(deps, request.body.email, caller(request, request.body.email)),
    }),
  );

  app.post(
    '/reset-password',
    { schema: { body: ZResetPasswordRequest, response: message }, ...publicForm(LIMITS.reset) },
    async (request) => ({
      message: await auth.resetPassword(deps, request.body),
    }),
  );

  app.post(
    '/verify-email',
    { schema: { body: ZVerifyEmailRequest, response: message }, ...publicForm(LIMITS.verify) },
    async (request) => ({
      message: await auth.verifyEmail(deps, request.body.token),
    }),
  );

  app.post(
    '/resend-verification',
    { schema: { response: message }, config: { rateLimit: LIMITS.resend, errors: ['unauthorized'] } },
    async (request) => ({
      message: await auth.resendVerification(deps, authOf(request, authMessages.resendNeedsLogin)),
    }),
  );
};
