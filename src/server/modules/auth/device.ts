import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import { keyPart } from '#server/security/rate-limit.ts';
import type { SecretBox } from '#server/security/secret-box.ts';

/**
 * The device cookie: proof that this browser signed in to an account before. Brute-force
 * protection slows down and refuses strangers, never a device that has proven itself, so nobody
 * can lock an owner out by failing sign-ins on their account. It names the account only by a
 * hash and is signed with the server key, so it can't be forged or moved to another account.
 */
const PURPOSE = 'device-cookie v1';
const DEVICE_TTL_S = 180 * 24 * 3600;

export function deviceCookieName(config: Pick<AppConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-fw_dev' : 'fw_dev';
}

function sign(box: SecretBox, body: string): string {
  return `${body}.${box.mac(PURPOSE, body)}`;
}

export function setDeviceCookie(reply: FastifyReply, config: AppConfig, box: SecretBox, email: string): void {
  const expires = Math.floor(Date.now() / 1000) + DEVICE_TTL_S;
  reply.setCookie(deviceCookieName(config), sign(box, `${keyPart(email)}.${expires}`), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: new Date(expires * 1000),
  });
}

/** True when the request carries a valid, unexpired device cookie of this account. */
export function isKnownDevice(request: FastifyRequest, config: AppConfig, box: SecretBox, email: string): boolean {
  const value = request.cookies[deviceCookieName(config)];
  if (!value || value.length > 200) return false;
  const [account, expires, mac] = value.split('.');
  if (!account || !expires || !mac || account !== keyPart(email)) return false;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < Date.now()) return false;
  const expected = Buffer.from(box.mac(PURPOSE, `${account}.${expires}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
