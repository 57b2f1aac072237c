import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages } from '../../../shared/auth-rules.ts';
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
} from '../../../shared/schemas/auth.ts';
import { authOf, clearSessionCookie, requireAuth, setSessionCookie } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';

/** Every /api/auth/* call of spec-1 §7. HTTP only: the rules live in auth.service.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, mailer } = app.deps;
  const deps: auth.AuthDeps = { db: database.db, config, mailer, log: app.log };
  const user = { 200: ZAuthUser };
  const message = { 200: ZMessage };

  app.get('/user', { schema: { response: user }, preHandler: requireAuth }, async (request) => {
    const a = authOf(request);
    return auth.userView(deps.db, a.userId, a.role);
  });

  app.post('/register', { schema: { body: ZRegisterRequest, response: { 201: ZAuthUser } } }, async (request, reply) => {
    const result = await auth.register(deps, request.body, request.ip);
    setSessionCookie(reply, config, result.session.token, result.session.persistentUntil);
    return reply.status(201).send(result.user);
  });

  app.post('/login', { schema: { body: ZLoginRequest, response: user } }, async (request, reply) => {
    const result = await auth.login(deps, request.body, request.ip);
    setSessionCookie(reply, config, result.session.token, result.session.persistentUntil);
    return result.user;
  });

  app.post('/logout', { schema: { response: message } }, async (request, reply) => {
    await auth.logout(deps, request.auth);
    clearSessionCookie(reply, config);
    return { message: 'You have been signed out.' };
  });

  app.post('/refresh', { schema: { response: user }, preHandler: requireAuth }, async (request) => {
    const a = authOf(request);
    return auth.userView(deps.db, a.userId, a.role);
  });

  app.put('/profile', { schema: { body: ZProfileUpdateRequest, response: user }, preHandler: requireAuth }, async (request) =>
    auth.updateProfile(deps, authOf(request), request.body),
  );

  app.post('/change-password', { schema: { body: ZChangePasswordRequest, response: message }, preHandler: requireAuth }, async (request) => {
    await auth.changePassword(deps, authOf(request), request.body);
    return { message: 'Password changed successfully!' };
  });

  app.post('/forgot-password', { schema: { body: ZForgotPasswordRequest, response: message } }, async (request) => ({
    message: await auth.forgotPassword(deps, request.body.email, request.ip),
  }));

  app.post('/reset-password', { schema: { body: ZResetPasswordRequest, response: message } }, async (request) => ({
    message: await auth.resetPassword(deps, request.body, request.ip),
  }));

  app.post('/verify-email', { schema: { body: ZVerifyEmailRequest, response: message } }, async (request) => ({
    message: await auth.verifyEmail(deps, request.body.token, request.ip),
  }));

  app.post('/resend-verification', { schema: { response: message } }, async (request) => ({
    message: await auth.resendVerification(deps, authOf(request, authMessages.resendNeedsLogin), request.ip),
  }));
};
