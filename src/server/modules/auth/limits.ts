import type { RateRule } from '../../plugins/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Auth rate limits (kept in the database, so they hold across app instances). Per IP they
 * stop one machine hammering many accounts; per account they stop many machines hammering one.
 */
export const AUTH_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins per account; the ceiling is 100 an hour. */
  loginFailuresPerAccount: { limit: 100, windowMs: HOUR },
  registerPerIp: { limit: 10, windowMs: HOUR },
  forgotPerIp: { limit: 10, windowMs: 15 * MINUTE },
  forgotPerAccount: { limit: 5, windowMs: HOUR },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
  verifyPerIp: { limit: 30, windowMs: 15 * MINUTE },
  resendPerIp: { limit: 10, windowMs: 15 * MINUTE },
  resendPerAccount: { limit: 5, windowMs: HOUR },
  changePasswordPerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

export const SESSION_TTL_MS = { remembered: 30 * 24 * HOUR, browser: 12 * HOUR };
export const TOKEN_TTL_MS = { reset_password: 30 * MINUTE, verify_email: 24 * HOUR };
