import { keyPart, type RateRule, type RouteRateLimit } from '#server/security/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Auth rate limits (kept in the database, so they hold across app instances). Per IP they
 * stop one machine hammering many accounts; per account they slow many machines hammering one,
 * without ever locking the owner out (see auth.service#login).
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins per account from anywhere: past the limit each attempt is slowed down, never refused. */
  loginFailuresPerAccount: { limit: 10, windowMs: HOUR },
  /** Failed sign-ins per account from one address: past the limit that address is refused. */
  loginFailuresPerAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Reset requests per account from anywhere (slowed down past the limit) and from one address (refused). */
  forgotPerAccount: { limit: 5, windowMs: HOUR },
  forgotPerAccountIp: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * The progressive delay once an account is past its ceiling: 0.5 s for the first attempt over,
 * doubling to at most 3 s. It slows a guesser down without refusing the owner.
 */
export function slowDownMs(over: number): number {
  return over <= 0 ? 0 : Math.min(3000, 500 * 2 ** Math.min(over - 1, 10));
}

export async function slowDown(over: number): Promise<void> {
  const ms = slowDownMs(over);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The rate-limit keys of one account's failures, from everywhere and from one address. */
export function failureKeys(kind: 'login' | 'forgot', email: string, ip = ''): { account: string; accountIp: string } {
  const account = kind === 'login' ? `login:fail:${keyPart(email)}` : `forgot:acct:${keyPart(email)}`;
  return { account, accountIp: `${account}:ip:${ip}` };
}

/** Limits that need no body, declared on the routes and counted before validation. */
export const AUTH_ROUTE_LIMITS = {
  login: { name: 'login', perIp: { limit: 30, windowMs: 15 * MINUTE } },
  register: { name: 'register', perIp: { limit: 10, windowMs: HOUR } },
  forgot: { name: 'forgot', perIp: { limit: 10, windowMs: 15 * MINUTE } },
  reset: { name: 'reset', perIp: { limit: 20, windowMs: 15 * MINUTE } },
  verify: { name: 'verify', perIp: { limit: 30, windowMs: 15 * MINUTE } },
  resend: { name: 'resend', perIp: { limit: 10, windowMs: 15 * MINUTE }, perUser: { limit: 5, windowMs: HOUR } },
  changePassword: { name: 'change-password', perUser: { limit: 10, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, RouteRateLimit>;

export const SESSION_TTL_MS = { remembered: 30 * 24 * HOUR, browser: 12 * HOUR };
export const TOKEN_TTL_MS = { reset_password: 30 * MINUTE, verify_email: 24 * HOUR };
