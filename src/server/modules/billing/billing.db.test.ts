import { eq } from 'drizzle-orm';
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
import { payments, tenants, webhookEvents } from '#server/db/schema/index.ts';
import { billingDeps, recordAiPost } from './billing.service.ts';

let fake: FakeStripe;
// The config is read when useTestApp's beforeAll builds the app, which runs after this one.
const config: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeStripe();
  Object.assign(config, stripeSettings(fake));
});
afterAll(async () => {
  await fake?.close();
});
const t = useTestApp({ config });

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

function deliver(event: unknown, signature?: (payload: string) => string | undefined) {
  const payload = JSON.stringify(event);
  const sig = signature ? signature(payload) : signatureFor(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) },
    payload,
  });
}

async function tenantRow(tenantId: string) {
  const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new Error('no tenant');
  return row;
}

/** An owner who went through Checkout (the fake's customer exists); answers ids. */
async function checkedOut(plan = 'professional', interval = 'month') {
  const owner = await signUp(t.app, { businessName: 'Summit Plumbing' });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  const res = await post(owner.cookie, '/api/billing/checkout', { plan, interval });
  expect(res.statusCode, res.body).toBe(200);
  const session = fake.sessions.at(-1);
  if (!session) throw new Error('no checkout session');
  expect(res.json().url).toBe(session.url);
  return { owner, tenantId, session, customer: session.customer };
}

describe('GET /api/billing and Checkout', () => {
  it('a new business is on the free plan with its limits and this month’s usage', async () => {
    const owner = await signUp(t.app);
    const res = await get(owner.cookie, '/api/billing');
    expect(res.json()).toMatchObject({
      mode: 'stripe',
      plan: 'free',
      status: 'none',
      canManage: false,
      limits: { aiPostsPerMonth: 10, teamMembers: 2 },
      usage: { aiPosts: 0, teamMembers: 1 },
    });
  });

  it('Checkout: a 14-day trial without a card, the price of the plan and interval, the tenant in the metadata', async () => {
    const { tenantId, session, customer } = await checkedOut('starter', 'year');
    expect(session).toMatchObject({
      mode: 'subscription',
      price: 'price_starter_year',
      trialPeriodDays: 14,
      paymentMethodCollection: 'if_required',
      metadata: { tenantId, plan: 'starter' },
    });
    expect(session.successUrl).toMatch(/\/settings\?tab=billing&checkout=success$/);
    expect((await tenantRow(tenantId)).stripeCustomerId).toBe(customer);
  });

  it('checkout → customer.subscription.created → the plan is active (trialing), limits follow', async () => {
    const { owner, tenantId, customer } = await checkedOut('professional');
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({ customer, plan: 'professional', trialDays: 14 }),
    );
    expect((await deliver(event)).statusCode).toBe(200);
    const billing = (await get(owner.cookie, '/api/billing')).json();
    expect(billing).toMatchObject({
      plan: 'professional',
      status: 'trialing',
      interval: 'month',
      canManage: true,
      limits: { aiPostsPerMonth: null, teamMembers: 10 },
    });
    const trialDays = (Date.parse(billing.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    // A second checkout while subscribed goes to the portal instead.
    expect((await post(owner.cookie, '/api/billing/checkout', { plan: 'enterprise' })).statusCode).toBe(409);
    expect((await tenantRow(tenantId)).stripeSubscriptionId).toBe(`sub_${customer.slice(4)}`);
  });

  it('the portal and the invoice list are the Stripe customer’s', async () => {
    const { owner, customer } = await checkedOut();
    fake.addInvoice(customer, { amount_paid: 9900, number: 'FW-0042' });
    fake.addInvoice('cus_someone_else');
    const portal = await post(owner.cookie, '/api/billing/portal');
    expect(portal.json().url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(fake.portalSessions.at(-1)).toMatchObject({ customer });
    const invoices = (await get(owner.cookie, '/api/billing/invoices')).json().invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ number: 'FW-0042', amount: 99, status: 'paid', currency: 'usd' });
  });

  it('refuses an unknown plan with a readable 400, and the local plan switch while Stripe is on', async () => {
    const owner = await signUp(t.app);
    const bad = await post(owner.cookie, '/api/billing/checkout', { plan: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Starter, Professional or Enterprise/);
    const local = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/plan',
      headers: { cookie: owner.cookie },
      payload: { plan: 'enterprise' },
    });
    expect(local.statusCode).toBe(409);
  });
});

describe('POST /api/billing/webhook', () => {
  it('unsigned, mis-signed and stale events change nothing', async () => {
    const { tenantId, customer } = await checkedOut();
    const sub = subscriptionObject({ customer, plan: 'enterprise', status: 'active' });
    const attempts = [
      deliver(stripeEvent('customer.subscription.created', sub), () => undefined),
      deliver(stripeEvent('customer.subscription.created', sub), (p) =>
        signatureFor(p, { secret: 'whsec_not_the_right_one' }),
      ),
      deliver(stripeEvent('customer.subscription.created', sub), (p) =>
        signatureFor(p, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      ),
      // Signed, then the body changed on the way.
      (async () => {
        const event = stripeEvent('customer.subscription.created', sub);
        const sig = signatureFor(JSON.stringify(event));
        return t.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': sig },
          payload: JSON.stringify({ ...event, id: 'evt_forged' }),
        });
      })(),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The webhook signature could not be verified.');
    }
    const row = await tenantRow(tenantId);
    expect(row).toMatchObject({ plan: 'free', subscriptionStatus: 'none', stripeSubscriptionId: null });
    const stored = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.stripeEventId, 'evt_forged'));
    expect(stored).toHaveLength(0);
  });

  it('a replayed event is stored once and has no further effect', async () => {
    const { owner, tenantId, customer } = await checkedOut('starter');
    const created = stripeEvent('customer.subscription.created', subscriptionObject({ customer, plan: 'starter' }));
    expect((await deliver(created)).statusCode).toBe(200);
    const deleted = stripeEvent('customer.subscription.deleted', {
      ...subscriptionObject({ customer, plan: 'starter' }),
      status: 'canceled',
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await get(owner.cookie, '/api/billing')).json()).toMatchObject({ plan: 'free', status: 'canceled' });
    // The old "created" arrives again: nothing changes.
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await tenantRow(tenantId)).subscriptionStatus).toBe('canceled');
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.stripeEventId, created.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.processed).toBe(true);
  });

  it('invoice.payment_failed → grace state with an email to the admin; invoice.paid ends it', async () => {
    const { owner, tenantId, customer } = await checkedOut('professional');
    await deliver(stripeEvent('customer.subscription.created', subscriptionObject({ customer, plan: 'professional' })));
    const before = new Date(Date.now() - 1000);
    const invoice = {
      id: 'in_failed_1',
      object: 'invoice',
      customer,
      amount_paid: 0,
      amount_due: 9900,
      currency: 'usd',
    };
    expect((await deliver(stripeEvent('invoice.payment_failed', invoice))).statusCode).toBe(200);

    const billing = (await get(owner.cookie, '/api/billing')).json();
    expect(billing).toMatchObject({ plan: 'professional', status: 'past_due' });
    const graceDays = (Date.parse(billing.graceEndsAt) - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    const mail = await waitForMail(t.database.db, owner.email, 'payment_failed', before);
    expect(mail.subject).toBe('Payment failed for Summit Plumbing on Fieldwise');
    expect(mail.bodyText).toContain('/settings?tab=billing');

    // Past the grace period the free limits apply; the data stays.
    await t.database.db
      .update(tenants)
      .set({ graceEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, tenantId));
    expect((await get(owner.cookie, '/api/billing')).json()).toMatchObject({
      plan: 'free',
      subscribedPlan: 'professional',
    });

    await deliver(stripeEvent('invoice.paid', { ...invoice, id: 'in_paid_1', amount_paid: 9900 }));
    expect((await get(owner.cookie, '/api/billing')).json()).toMatchObject({
      plan: 'professional',
      status: 'active',
      graceEndsAt: null,
    });
    const paid = await t.database.db.select().from(payments).where(eq(payments.tenantId, tenantId));
    expect(paid.map((p) => [p.status, p.amount]).sort()).toEqual([
      ['failed', '99.00'],
      ['succeeded', '99.00'],
    ]);
  });
});

describe('AI post allowance', () => {
  it('counts posts against the plan and refuses past it with the plan that lifts the limit', async () => {
    const owner = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    const { db } = billingDeps(t.app.deps, t.app.log);
    for (let i = 0; i < 10; i++) await recordAiPost(db, tenantId);
    await expect(recordAiPost(db, tenantId)).rejects.toThrow(
      'Your Free plan includes 10 AI posts a month. Upgrade to Starter in Settings → Billing for more.',
    );
    expect((await get(owner.cookie, '/api/billing')).json().usage.aiPosts).toBe(10);
  });
});

describe('malformed answers and events (issue 33)', () => {
  it('a correctly signed event with a malformed body is a readable 400 and stores nothing', async () => {
    const { tenantId, customer } = await checkedOut();
    const sub = subscriptionObject({ customer, plan: 'enterprise', status: 'active' });
    const malformed: [string, unknown][] = [
      ['evt_bad_object', stripeEvent('customer.subscription.updated', 'not an object', 'evt_bad_object')],
      ['evt_bad_fields', stripeEvent('customer.subscription.updated', { id: 'sub_x', customer }, 'evt_bad_fields')],
      ['evt_bad_items', stripeEvent('customer.subscription.created', { ...sub, items: null }, 'evt_bad_items')],
      ['evt_bad_date', stripeEvent('customer.subscription.created', { ...sub, trial_end: 1e15 }, 'evt_bad_date')],
      ['evt_bad_invoice', stripeEvent('invoice.paid', [customer], 'evt_bad_invoice')],
      [
        'evt_bad_amount',
        stripeEvent('invoice.payment_failed', { id: 'in_x', customer, amount_due: 1e20 }, 'evt_bad_amount'),
      ],
      ['evt_nul', stripeEvent('customer.subscription.created', { ...sub, status: 'active\u0000' }, 'evt_nul')],
      ['evt_nul_extra', stripeEvent('charge.refunded', { id: 'ch_1', note: 'a\u0000b' }, 'evt_nul_extra')],
      ['evt_no_data', { id: 'evt_no_data', object: 'event', type: 'invoice.paid' }],
      ['', null],
      ['', [1, 2]],
      ['', { object: 'event', type: 'invoice.paid', data: { object: {} } }],
    ];
    for (const [id, event] of malformed) {
      const res = await deliver(event);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^The webhook event is malformed/);
      if (id === 'evt_bad_fields') expect(res.json().message).toContain('data.object.status');
      if (id) {
        const stored = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.stripeEventId, id));
        expect(stored, id).toHaveLength(0);
      }
    }
    expect(await tenantRow(tenantId)).toMatchObject({ plan: 'free', subscriptionStatus: 'none', graceEndsAt: null });
    expect(await t.database.db.select().from(payments).where(eq(payments.tenantId, tenantId))).toHaveLength(0);
    // A well-formed event still goes through afterwards.
    expect((await deliver(stripeEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    expect((await tenantRow(tenantId)).plan).toBe('enterprise');
  });

  it('a portal session without a url from Stripe is a readable 502', async () => {
    const { owner } = await checkedOut();
    fake.portalSessionWithoutUrl = true;
    try {
      const res = await post(owner.cookie, '/api/billing/portal');
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toMatch(/payment provider/);
    } finally {
      fake.portalSessionWithoutUrl = false;
    }
  });
});
