import { timingSafeEqual } from 'node:crypto';
import { CONSENT_QUESTION } from '#shared/work.ts';
import { businessName } from '#server/modules/auth/accounts.service.ts';
import { reviewFormUrl } from '#server/modules/reviews/reviews.service.ts';
import { esc, iconLink, LANDING_STYLE } from '#server/modules/website/landing-template.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import * as repo from './work.repo.ts';
import type { WorkDeps } from './work.service.ts';

/**
 * A finished job's review page (issue 36): the review request sent from "Share this job" links
 * here instead of straight to Google. The page thanks the customer, links to Google's review form,
 * and asks CONSENT_QUESTION; the answer is recorded on the job (consent, consent_answered_at), and
 * only a yes lets a public page show their first name and the job's photos. The link carries a
 * token signed by the server (business and job), so nobody answers for another customer.
 */
const PURPOSE = 'job-review-page';
export const REVIEW_PAGE_PATH = '/p/_/review';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function reviewPageUrl(appUrl: string, box: SecretBox, tenantId: string, jobId: string): string {
  const mac = box.mac(PURPOSE, `${tenantId}|${jobId}`);
  return `${appUrl.replace(/\/+$/, '')}${REVIEW_PAGE_PATH}?t=${tenantId}.${jobId}.${mac}`;
}

function readToken(box: SecretBox, token: string): { tenantId: string; jobId: string } | null {
  const [tenantId, jobId, mac, extra] = token.split('.');
  if (!tenantId || !jobId || !mac || extra !== undefined || !UUID.test(tenantId) || !UUID.test(jobId)) return null;
  const expected = Buffer.from(box.mac(PURPOSE, `${tenantId}|${jobId}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { tenantId, jobId } : null;
}

type Deps = Pick<WorkDeps, 'db'> & { box: SecretBox };
export type Answer = 'yes' | 'no';

/** The page for a token, after recording an answer when one was posted; null for a bad or stale link. */
export async function reviewPage(deps: Deps, token: string, answer?: Answer): Promise<string | null> {
  const who = readToken(deps.box, token);
  const job = who ? await repo.findJob(deps.db, who.tenantId, who.jobId) : undefined;
  if (!who || !job) return null;
  if (answer) await repo.recordConsentAnswer(deps.db, who.tenantId, job.id, answer === 'yes');
  const [name, googleUrl] = await Promise.all([businessName(deps.db, who.tenantId), reviewFormUrl(deps, who.tenantId)]);
  const consent = answer ? answer === 'yes' : job.consentAnsweredAt ? job.consent : null;
  return renderReviewPage({
    businessName: name ?? 'Our business',
    service: job.service,
    googleUrl,
    action: `${REVIEW_PAGE_PATH}?t=${encodeURIComponent(token)}`,
    consent,
    justAnswered: answer !== undefined,
  });
}

function renderReviewPage(p: {
  businessName: string;
  service: string;
  googleUrl: string | null;
  action: string;
  consent: boolean | null;
  justAnswered: boolean;
}): string {
  const recorded =
    p.consent === null
      ? ''
      : `<p class="fine" role="status">${p.justAnswered ? 'Thank you, your answer is recorded: ' : 'Your answer: '}${
          p.consent
            ? 'yes, we may show your first name and the photos of your job.'
            : 'no, we will not show your name or the photos of your job.'
        } You can change it here at any time.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Thank you | ${esc(p.businessName)}</title><meta name="robots" content="noindex">${iconLink(p.businessName)}
${LANDING_STYLE}</head>
<body><header class="top"><span class="brand">${esc(p.businessName)}</span></header>
<main><section class="hero"><h1>Thank you for choosing ${esc(p.businessName)}</h1>
<p>How did your ${esc(p.service.toLowerCase())} go? A short review helps your neighbours find us.</p>
${p.googleUrl ? `<a class="btn" href="${esc(p.googleUrl)}" rel="noopener">Write a review on Google</a>` : ''}</section>
<section class="card"><h2>${esc(CONSENT_QUESTION)}</h2>
<form method="post" action="${esc(p.action)}" class="answers"><button class="btn" name="answer" value="yes">Yes, you may</button> <button class="btn secondary" name="answer" value="no">No, thank you</button></form>
${recorded}</section></main></body></html>`;
}
