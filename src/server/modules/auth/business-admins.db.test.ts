import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureFor,
  startFakeStripe,
  stripeSettings,
  stripeEvent,
  subscriptionObject,
  type FakeStripe,
} from '#tests/fakes/stripe-server.ts';
import { signUp, waitForMail } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { emailLogs, memberships, users } from '#server/db/schema/index.ts';
import { ZSpeedToLead } from '#server/modules/website/lead-intake.service.ts';
import { sendSpeedToLead } from '#server/modules/website/speed-to-lead.ts';
import { speedToLeadDeps } from '#tests/kits/website.ts';
import { businessAdmins } from './accounts.service.ts';

// "The admins of a business" is asked in one place; every mail to them (billing, new leads,
// weekly report, connection problems) skips an admin whose account was deactivated.

let stripe: FakeStripe;
const config: Record<string, string> = {};
beforeAll(async () => {
  stripe = await startFakeStripe();
  Object.assign(config, stripeSettings(stripe));
});
afterAll(async () => {
  await stripe?.close();
});
const t = useTestApp({ config });

/** A business with two admins, the second of whom has been deactivated. */
async function businessWithDeactivatedAdmin(businessName: string) {
  const owner = await signUp(t.app, { businessName });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  const former = await signUp(t.app, { firstName: 'Former', businessName: `${businessName} (old)` });
  await t.database.db.insert(memberships).values({ userId: former.userId, tenantId, role: 'admin' });
  await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, former.userId));
  return { owner, former, tenantId };
}

const mailsTo = async (to: string, type: string) =>
  t.database.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, type)));

describe('the admins of a business', () => {
  it('are its active admin members, without a deactivated account', async () => {
    const { owner, tenantId } = await businessWithDeactivatedAdmin('Alder Electric');
    expect((await businessAdmins(t.database.db, tenantId)).map((a) => a.email)).toEqual([owner.email]);
  });

  it('a failed payment is mailed to the active admin only, not to a deactivated one', async () => {
    const { owner, former } = await businessWithDeactivatedAdmin('Summit Plumbing');
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { cookie: owner.cookie },
      payload: { plan: 'professional', interval: 'month' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const customer = stripe.sessions.at(-1)?.customer;
    if (!customer) throw new Error('no checkout session');
    const deliver = (event: unknown) => {
      const payload = JSON.stringify(event);
      return t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload) },
        payload,
      });
    };
    await deliver(stripeEvent('customer.subscription.created', subscriptionObject({ customer, plan: 'professional' })));
    const invoice = { id: 'in_failed_admins', object: 'invoice', customer, amount_paid: 0, amount_due: 9900 };
    expect((await deliver(stripeEvent('invoice.payment_failed', { ...invoice, currency: 'usd' }))).statusCode).toBe(
      200,
    );

    await waitForMail(t.database.db, owner.email, 'payment_failed');
    expect(await mailsTo(former.email, 'payment_failed')).toEqual([]);
  });

  it('a new lead from a landing page is announced to the active admin only, not to a deactivated one', async () => {
    const { owner, former, tenantId } = await businessWithDeactivatedAdmin('Cascade Comfort');
    // No phone number on the lead: nothing is texted.
    const deps = speedToLeadDeps(t.app, t.database.db);
    const lead = ZSpeedToLead.parse({
      tenantId,
      leadId: '00000000-0000-4000-8000-000000000000',
      pageTitle: 'AC tune-ups',
      businessName: 'Cascade Comfort',
      name: 'Maria Lopez',
      email: 'maria@example.com',
      phone: null,
      service: 'AC tune-up',
      location: 'Tacoma',
      submittedAt: Date.now(),
    });
    const result = await sendSpeedToLead(deps, lead);

    expect(result.notified).toBe(1);
    expect(await mailsTo(owner.email, 'lead_notification')).toHaveLength(1);
    expect(await mailsTo(former.email, 'lead_notification')).toEqual([]);
  });
});
