import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TRole } from '#shared/schemas/auth.ts';
import { hasRole, toRole, type AuthContext } from '#server/auth-context.ts';
import type { AppConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { touchSession } from '#server/modules/auth/auth.repo.ts';
import { SESSION_TTL_MS } from '#server/modules/auth/limits.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { isApiRoute } from './routes.ts';
import { createSessionCache } from './session-cache.ts';

const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** `__Host-` binds the cookie to this exact origin over https; plain http can't use the prefix. */
export function sessionCookieName(config: Pick<AppConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-fw_sid' : 'fw_sid';
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, persistentUntil?: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    // Without an expiry the browser forgets the cookie when it closes ("remember me" off).
    ...(persistentUntil ? { expires: persistentUntil } : {}),
  });
  // A readable hint, no secret in it: public pages ask who is signed in only when it is there,
  // so a visitor's landing page makes no API call.
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: config.secureCookies,
    ...(persistentUntil ? { expires: persistentUntil } : {}),
  });
}

/** Readable by the client: "someone may be signed in in this browser". */
export const SIGNED_IN_HINT_COOKIE = 'fw_signed_in';

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: config.secureCookies });
}

/** Reads the session cookie on API requests and sets `request.auth` (null for visitors). */
export function registerAuth(app: FastifyInstance): void {
  const { config, database } = app.deps;
  const cookieName = sessionCookieName(config);
  const sessions = createSessionCache(database.db);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 128) return;
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    const session = await sessions.find(hashToken(token), readOnly);
    if (!session) return;
    request.auth = {
      userId: session.userId,
      tenantId: session.tenantId,
      tenantName: session.tenantName,
      role: toRole(session.role),
      email: session.email,
      emailVerified: session.emailVerified,
      sidHash: session.sidHash,
    };
    // Use slides the session's end (throttled); the spec's refresh call always does.
    const refresh = request.method === 'POST' && request.url.split('?')[0] === '/api/auth/refresh';
    if (refresh || Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const touched = await touchSession(database.db, session.sidHash, SESSION_TTL_MS);
      if (touched) sessions.update({ ...session, lastSeenAt: new Date(), expire: touched.expire });
      // A remembered session's cookie carries the end too, so it moves along with the row.
      if (touched?.persistent) setSessionCookie(reply, config, token, touched.expire);
    }
  });
  // Sign-out, a role or membership change, a business switch… are all requests that may write,
  // and a sign-in through a provider (a GET, the OpenID callback) sets a new session's cookie:
  // once one of them is answered, no later request reuses a row read before it. (The cookie
  // plugin's own onSend, registered before this one, has written Set-Cookie by now.)
  app.addHook('onSend', async (request, reply) => {
    const mayWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (mayWrite || reply.hasHeader('set-cookie')) sessions.forgetAll();
  });
}

export const NOT_SIGNED_IN = 'Please sign in to continue.';

/** The caller's auth context, or a 401. */
export function authOf(request: FastifyRequest, message = NOT_SIGNED_IN): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', message);
  return request.auth;
}

/** preHandler: signed in, with at least `role` in the current tenant. */
export function requireRole(role: TRole = 'user') {
  const guard = async (request: FastifyRequest): Promise<void> => {
    const auth = authOf(request);
    if (!hasRole(auth.role, role)) {
      throw new AppError(
        'forbidden',
        `You don't have sufficient permissions to access this page. Required role: ${role}.`,
      );
    }
  };
  // The OpenAPI document reads the role off the guard, so no route declares it twice.
  return Object.assign(guard, { requiredRole: role });
}

/** The role a route's guard demands, or undefined for a public route. */
export function requiredRoleOf(hooks: unknown): TRole | undefined {
  for (const hook of [hooks].flat()) {
    if (typeof hook === 'function' && 'requiredRole' in hook) return hook.requiredRole as TRole;
  }
  return undefined;
}

export const requireAuth = requireRole('user');

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
