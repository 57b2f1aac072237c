// A local HTTP server speaking the part of Stripe's API that billing uses: form-encoded POSTs
// with Bearer auth, Stripe's list and error shapes. Customers, prices by lookup_key, Checkout
// Sessions, billing portal sessions and invoices. Its hosted Checkout page (GET /checkout/{id})
// plays the customer: "Start trial" creates the subscription, sends the signed
// customer.subscription.created webhook to the app (when a target is set) and redirects to the
// session's success_url, as Stripe does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { listen, type Listening } from './listen.ts';

export const FAKE_STRIPE_KEY = 'sk_test_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

const PLANS = ['starter', 'professional', 'enterprise'] as const;
const AMOUNTS = { starter: [4900, 46800], professional: [9900, 94800], enterprise: [19900, 190800] } as const;

export interface FakeCheckoutSession {
  id: string;
  url: string;
  customer: string;
  mode: string;
  price: string;
  trialPeriodDays: number | null;
  paymentMethodCollection: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  completed: boolean;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  number: string;
  status: string;
  amount_paid: number;
  amount_due: number;
  currency: string;
  created: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
}

export interface FakeStripe extends Listening {
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  sessions: FakeCheckoutSession[];
  portalSessions: { id: string; customer: string; returnUrl: string }[];
  invoices: FakeInvoice[];
  /** Every API request, method and path, for assertions. */
  requests: string[];
  /** Where the hosted Checkout page sends its webhook (the app), signed with FAKE_WEBHOOK_SECRET. */
  webhookTarget: string | null;
  /** Makes billing portal sessions come back without `url`, to test an unusable answer. */
  portalSessionWithoutUrl: boolean;
  addInvoice(customer: string, values?: Partial<FakeInvoice>): FakeInvoice;
}

const stripeSdk = new Stripe(FAKE_STRIPE_KEY);

/** A Stripe event envelope around `object`. */
/** The app's Stripe settings pointed at a running fake. */
export const stripeSettings = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE_URL: fake.url,
});

export function stripeEvent(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2, 14)}`) {
  return { id, object: 'event', type, api_version: '2026-10-28.endive', created: now(), data: { object } };
}

/** The Stripe-Signature header Stripe would send for `payload` (the SDK's own test helper). */
export function signatureFor(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripeSdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

/** A subscription object in the current API shape (period end on the item). */
export function subscriptionObject(input: {
  customer: string;
  plan: (typeof PLANS)[number];
  interval?: 'month' | 'year';
  status?: string;
  trialDays?: number;
  id?: string;
  metadata?: Record<string, string>;
}) {
  const interval = input.interval ?? 'month';
  const trialEnd = input.trialDays ? now() + input.trialDays * 86_400 : null;
  return {
    id: input.id ?? `sub_${input.customer.slice(4)}`,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? (trialEnd ? 'trialing' : 'active'),
    trial_end: trialEnd,
    metadata: input.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.customer.slice(4)}`,
          current_period_end: trialEnd ?? now() + (interval === 'month' ? 30 : 365) * 86_400,
          price: {
            id: `price_${input.plan}_${interval}`,
            lookup_key: `fieldwise_${input.plan}_${interval}`,
            recurring: { interval },
          },
        },
      ],
    },
  };
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Checkout, the portal and invoices are pages a browser visits, not API calls. */
const hostedPage = (url: URL) => /^\/((checkout|portal|invoices)\/|favicon\.ico$)/.test(url.pathname);

export async function startFakeStripe(): Promise<FakeStripe> {
  let seq = 0;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    send(res, status, { error: { type, message } });
  const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

  const fake = {
    customers: new Map(),
    sessions: [],
    portalSessions: [],
    invoices: [],
    requests: [],
    webhookTarget: null,
    portalSessionWithoutUrl: false,
  } as unknown as FakeStripe;

  const server = await listen({ contracts: ['stripe'], pages: hostedPage }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      const form = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      const meta = (prefix: string) => {
        const out: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(k);
          if (m?.[1]) out[m[1]] = v;
        }
        return out;
      };

      // The hosted pages a browser visits (no API key).
      const page = /^\/checkout\/(cs_test_\w+)(\/complete)?$/.exec(url.pathname);
      if (page) return hostedCheckout(fake, res, page[1] ?? '', Boolean(page[2]), req.method ?? 'GET');
      if (url.pathname.startsWith('/portal/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Billing portal (fake)</title><h1>Billing portal</h1>');
      }

      fake.requests.push(`${req.method} ${url.pathname}`);
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return fail(res, 401, 'Invalid API Key provided.');
      }

      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = { id: next('cus'), email: form.get('email'), metadata: meta('metadata') };
        fake.customers.set(customer.id, customer);
        return send(res, 200, { object: 'customer', name: form.get('name'), ...customer });
      }

      if (req.method === 'GET' && url.pathname === '/v1/prices') {
        const keys = [...form].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
        const prices = PLANS.flatMap((plan) =>
          (['month', 'year'] as const).map((interval, i) => ({
            id: `price_${plan}_${interval}`,
            object: 'price',
            active: true,
            currency: 'usd',
            lookup_key: `fieldwise_${plan}_${interval}`,
            unit_amount: AMOUNTS[plan][i],
            recurring: { interval, interval_count: 1 },
          })),
        ).filter((p) => keys.length === 0 || keys.includes(p.lookup_key));
        return send(res, 200, list('/v1/prices', prices));
      }

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const customer = form.get('customer') ?? '';
        if (!fake.customers.has(customer)) return fail(res, 400, `No such customer: '${customer}'`);
        const price = form.get('line_items[0][price]') ?? '';
        if (!/^price_(starter|professional|enterprise)_(month|year)$/.test(price)) {
          return fail(res, 400, `No such price: '${price}'`);
        }
        const id = next('cs_test');
        const session: FakeCheckoutSession = {
          id,
          url: `${server.url}/checkout/${id}`,
          customer,
          mode: form.get('mode') ?? '',
          price,
          trialPeriodDays: form.has('subscription_data[trial_period_days]')
            ? Number(form.get('subscription_data[trial_period_days]'))
            : null,
          paymentMethodCollection: form.get('payment_method_collection'),
          metadata: meta('subscription_data[metadata]'),
          successUrl: form.get('success_url') ?? '',
          cancelUrl: form.get('cancel_url') ?? '',
          completed: false,
        };
        fake.sessions.push(session);
        // Stripe's field names, not the fake's own record.
        return send(res, 200, {
          id,
          object: 'checkout.session',
          status: 'open',
          url: session.url,
          customer,
          mode: session.mode,
          payment_method_collection: session.paymentMethodCollection,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          metadata: {},
          livemode: false,
        });
      }

      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const customer = form.get('customer') ?? '';
        if (!fake.customers.has(customer)) return fail(res, 400, `No such customer: '${customer}'`);
        const id = next('bps');
        fake.portalSessions.push({ id, customer, returnUrl: form.get('return_url') ?? '' });
        return send(res, 200, {
          id,
          object: 'billing_portal.session',
          customer,
          ...(fake.portalSessionWithoutUrl ? {} : { url: `${server.url}/portal/${id}` }),
          return_url: form.get('return_url'),
        });
      }

      if (req.method === 'GET' && url.pathname === '/v1/invoices') {
        const customer = form.get('customer');
        const data = fake.invoices
          .filter((i) => !customer || i.customer === customer)
          .sort((a, b) => b.created - a.created);
        return send(res, 200, list('/v1/invoices', data));
      }

      fail(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    })().catch((err: unknown) => fail(res, 500, String(err), 'api_error'));
  });

  fake.addInvoice = (customer, values = {}) => {
    const id = next('in');
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      customer,
      number: `FW-${seq.toString().padStart(4, '0')}`,
      status: 'paid',
      amount_paid: 4900,
      amount_due: 4900,
      currency: 'usd',
      created: now(),
      hosted_invoice_url: `${server.url}/invoices/${id}`,
      invoice_pdf: `${server.url}/invoices/${id}.pdf`,
      ...values,
    };
    fake.invoices.push(invoice);
    return invoice;
  };

  return Object.assign(fake, server);
}

async function hostedCheckout(fake: FakeStripe, res: ServerResponse, id: string, complete: boolean, method: string) {
  const session = fake.sessions.find((s) => s.id === id);
  if (!session) {
    res.writeHead(404, { 'content-type': 'text/html' });
    return res.end('<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>');
  }
  if (!complete || method !== 'POST') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const days = session.trialPeriodDays;
    return res.end(`<!doctype html><html><head><title>Checkout (fake Stripe)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Fake Stripe Checkout</h1><p>${session.price}${days ? ` — ${days}-day free trial, no card needed` : ''}</p>
<form method="post" action="/checkout/${id}/complete"><button type="submit">Start trial</button></form>
<p><a href="${session.cancelUrl}">Back</a></p></body></html>`);
  }
  session.completed = true;
  const [, plan, interval] = /^price_(\w+)_(month|year)$/.exec(session.price) ?? [];
  if (fake.webhookTarget) {
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({
        customer: session.customer,
        plan: plan as (typeof PLANS)[number],
        interval: interval as 'month' | 'year',
        ...(session.trialPeriodDays ? { trialDays: session.trialPeriodDays } : {}),
        metadata: session.metadata,
      }),
    );
    const payload = JSON.stringify(event);
    await fetch(fake.webhookTarget, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload) },
      body: payload,
    });
  }
  res.writeHead(303, { location: session.successUrl });
  res.end();
}
