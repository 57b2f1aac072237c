import type { Db } from '#server/db/client.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { DEMO_TENANT_SLUG } from '#server/modules/auth/demo-business.ts';
import { createTrackedLink, followLink } from '#server/modules/links/links.service.ts';
import { toE164, writeReviewUrl } from './review-request-rules.ts';
import * as repo from './review-requests.repo.ts';

/** A converted lead of the demo's history and what became of the review request after its job. */
export interface DemoRequest {
  leadId: string;
  customerName: string;
  phone: string | null;
  email: string | null;
  sentAt: Date;
  /** The customer opened the review link. */
  clicked: boolean;
}

/**
 * The demo business's review requests after its converted leads' jobs, stored as the send step
 * stores a delivered text (status sent, its tracked review link, the carrier's "delivered"), and
 * the opened ones' clicks counted as the /r/ link counts them. Nothing is sent; refused for any
 * business that is not the demo.
 */
export async function addDemoReviewRequests(deps: { db: Db }, tenantId: string, rows: DemoRequest[]): Promise<void> {
  await assertDemoBusiness(deps, tenantId, 'review requests');
  // The link's short address is not stored (only its code), so no public base is needed here.
  const links = { db: deps.db, appUrl: '' };
  for (const [i, r] of rows.entries()) {
    const row = await repo.insertRequest(deps.db, tenantId, {
      leadId: r.leadId,
      customerName: r.customerName,
      phone: toE164(r.phone),
      email: r.email,
      trigger: 'auto',
      status: 'sending',
      scheduledFor: r.sentAt,
    });
    const link = await createTrackedLink(links, tenantId, {
      targetUrl: writeReviewUrl(DEMO_TENANT_SLUG),
      source: 'review_request',
      sourceId: row.id,
    });
    await repo.updateRequest(deps.db, tenantId, row.id, {
      status: 'sent',
      sentAt: r.sentAt,
      linkId: link.id,
      smsSid: `SMdemo${String(i + 1).padStart(26, '0')}`,
      smsStatus: 'delivered',
      emailStatus: null,
    });
    if (r.clicked) await followLink(deps, link.code, 'demo');
  }
}
