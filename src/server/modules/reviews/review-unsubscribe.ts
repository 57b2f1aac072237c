import { timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import * as repo from './review-requests.repo.ts';
import { findBusiness } from './reviews.repo.ts';
import { isUuid } from './reviews.service.ts';

/**
 * Unsubscribing from review-request emails: every request email carries a link (and a
 * List-Unsubscribe header) with a token signed by the server — the business and the address, so
 * nobody can unsubscribe someone else or guess a link. Opening it (or the mail client's RFC 8058
 * one-click POST) records the opt-out at once; that address is never sent another request.
 */
const PURPOSE = 'review-request-unsubscribe';
export const UNSUBSCRIBE_PATH = '/api/reviews/unsubscribe';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export function unsubscribeToken(box: SecretBox, tenantId: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${tenantId}.${b64(address)}.${box.mac(PURPOSE, `${tenantId}|${address}`)}`;
}

export function unsubscribeUrl(appUrl: string, box: SecretBox, tenantId: string, email: string): string {
  // In the query: a token (business, address, signature) is longer than a path parameter may be.
  return `${appUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(box, tenantId, email)}`;
}

/** The business and address a token names, or null when it was not made by this server. */
export function readUnsubscribeToken(box: SecretBox, token: string): { tenantId: string; email: string } | null {
  const [tenantId, encoded, mac, extra] = token.split('.');
  if (!tenantId || !encoded || !mac || extra !== undefined || !isUuid(tenantId)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!email.includes('@') || email.length > 320) return null;
  const expected = Buffer.from(box.mac(PURPOSE, `${tenantId}|${email}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { tenantId, email };
}

/** Records the opt-out a valid token names; answers the business's name for the page, or null for a bad link. */
export async function unsubscribe(
  deps: { db: Db; box: SecretBox },
  token: string,
  source: 'link' | 'one_click',
): Promise<{ businessName: string } | null> {
  const who = readUnsubscribeToken(deps.box, token);
  if (!who) return null;
  await repo.addEmailOptOut(deps.db, who.tenantId, who.email, source);
  const business = await findBusiness(deps.db, who.tenantId);
  return { businessName: business?.name ?? 'this business' };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The small public page the link opens. */
export function unsubscribePage(result: { businessName: string } | null): string {
  const [title, text] = result
    ? [
        'You are unsubscribed',
        `${result.businessName} will not send you any more review requests by email. You do not need to do anything else.`,
      ]
    : [
        'This link does not work',
        'This unsubscribe link is not valid. Please use the link from the email exactly as it was sent, or reply to the email and ask not to be contacted.',
      ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<main style="max-width:520px;margin:0 auto;padding:48px 24px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0">${escapeHtml(text)}</p></main></body></html>`;
}
