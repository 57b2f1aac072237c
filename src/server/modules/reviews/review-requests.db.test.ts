import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { emailLogs, reviewEmailOptOuts, reviewRequests } from '#server/db/schema/index.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { zonedToIso } from '#shared/zoned-time.ts';
import { FAKE_PLACES_KEY, startFakePlaces } from '#tests/fakes/google-places-server.ts';
import { startFakeTwilio, type SignedWebhook } from '#tests/fakes/twilio-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import {
  INTERRUPTED_REASON,
  LEAD_CONVERTED_JOB,
  SEND_REQUEST_JOB,
  requestAfterConversion,
  requestDeps,
  type ConvertedLead,
  type RequestDeps,
} from './review-requests.service.ts';
import { failStuckRequests, sendRequest } from './review-request-send.service.ts';
import { unsubscribeToken } from './review-unsubscribe.ts';

// Review requests through the API and their jobs, against the Twilio fake and the real mailer's
// outbox. The queue records what is enqueued; the tests run the handlers at chosen moments.
const TZ = 'America/Chicago';
const twilio = await startFakeTwilio();
const places = await startFakePlaces();
const enqueued: { name: string; data: Record<string, string>; startAfter?: Date | undefined }[] = [];
const jobs: Jobs = {
  async enqueue(name, data, options = {}) {
    enqueued.push({ name, data: data as Record<string, string>, startAfter: options.startAfter });
    return String(enqueued.length);
  },
  boss: () => Promise.reject(new Error('no queue in this test')),
  stop: () => Promise.resolve(),
};
let app: App;
let database: TestDatabase;
let deps: RequestDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({
    TWILIO_API_BASE_URL: twilio.url,
    OUTBOUND_ALLOW: '127.0.0.1',
    GOOGLE_PLACES_API_KEY: FAKE_PLACES_KEY,
    GOOGLE_PLACES_BASE_URL: places.url,
  });
  app = await buildApp({ config, database, logger: false, jobs });
  await app.ready();
  deps = requestDeps(app.deps);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await Promise.all([twilio.close(), places.close()]);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** 2 pm (or another hour) on a coming day, in the business's zone. */
const at = (daysAhead: number, time: string) => {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  return new Date(zonedToIso(day, time, TZ));
};
const BUSINESS_NUMBER = '+15005550006';

/** An owner whose business is chosen on /reviews, with Twilio in Settings → SMS and a time zone. */
async function business(sms = true): Promise<{ owner: SignedUp; tenantId: string }> {
  const owner = await signUp(app);
  const tenantId = await tenantIdOf(database.db, owner.userId);
  expect((await call('PUT', '/api/reviews/business', owner.cookie, { placeId: 'ChIJrosaplumbing01' })).statusCode).toBe(
    200,
  );
  expect((await call('PUT', '/api/settings/business', owner.cookie, { timezone: TZ })).statusCode).toBe(200);
  if (sms) {
    const { accountSid, authToken } = twilio.options;
    const saved = await call('PUT', '/api/settings/sms', owner.cookie, {
      accountSid,
      authToken,
      phoneNumber: BUSINESS_NUMBER,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { owner, tenantId };
}

/** Adds a lead and marks it converted through the API; answers the job data the leads area queued. */
async function convert(
  owner: SignedUp,
  lead: { name: string; phone?: string; email?: string },
): Promise<ConvertedLead> {
  const created = await call('POST', '/api/leads', owner.cookie, {
    service: 'Water heater',
    location: 'Austin',
    ...lead,
  });
  expect(created.statusCode, created.body).toBe(201);
  const from = enqueued.length;
  const done = await call('PATCH', `/api/leads/${created.json().id}`, owner.cookie, { status: 'converted' });
  expect(done.statusCode, done.body).toBe(200);
  const job = enqueued.slice(from).find((j) => j.name === LEAD_CONVERTED_JOB);
  expect(job).toBeDefined();
  return job!.data as unknown as ConvertedLead;
}

const requests = async (owner: SignedUp) => (await call('GET', '/api/reviews/requests?days=30', owner.cookie)).json();
const deliver = (hook: SignedWebhook, signature = hook.signature) =>
  app.inject({
    method: 'POST',
    url: new URL(hook.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: hook.body,
  });

describe('review requests after a job', () => {
  it('a converted lead is texted after the delay with a tracked link; the click and the delivery are recorded', async () => {
    const { owner, tenantId } = await business();
    const lead = await convert(owner, { name: 'Maria Lopez', phone: '(512) 555-0101' });

    // The job made for the conversion schedules the request 2 hours (the default) later.
    const converted = at(1, '10:00');
    const from = enqueued.length;
    const row = await requestAfterConversion(deps, lead, converted);
    expect(row).toMatchObject({ status: 'scheduled', phone: '+15125550101', trigger: 'auto' });
    expect(row!.scheduledFor).toEqual(at(1, '12:00'));
    expect(enqueued.slice(from)).toMatchObject([{ name: SEND_REQUEST_JOB, startAfter: at(1, '12:00') }]);

    await sendRequest(deps, tenantId, row!.id, at(1, '12:00'));
    const sms = twilio.messages.at(-1)!;
    expect(sms).toMatchObject({ to: '+15125550101', from: BUSINESS_NUMBER });
    expect(sms.body).toMatch(/^Hi Maria, thank you for choosing Rosa Plumbing! .* Reply STOP to opt out\.$/);
    const link = /(https?:\/\/\S+\/r\/([A-Za-z0-9_-]+))/.exec(sms.body)!;
    expect(link[1]).toBe(`${app.deps.config.appUrl}/r/${link[2]}`);

    let list = await requests(owner);
    expect(list.requests[0]).toMatchObject({
      customerName: 'Maria Lopez',
      status: 'sent',
      smsStatus: 'queued',
      clicks: 0,
    });
    expect(list.funnel).toMatchObject({ days: 30, sent: 1, clicked: 0 });

    // The customer opens the link: Google's review page, and the funnel counts the click.
    const opened = await app.inject({ method: 'GET', url: `/r/${link[2]}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('https://search.google.com/local/writereview?placeid=ChIJrosaplumbing01');
    list = await requests(owner);
    expect(list.funnel).toMatchObject({ sent: 1, clicked: 1 });
    expect(list.requests[0].clicks).toBe(1);

    // Twilio's status callbacks, signed with the business's token: delivered sticks, a late "sent" does not undo it.
    expect((await deliver(twilio.statusCallback(sms, 'delivered'))).statusCode).toBe(204);
    expect((await deliver(twilio.statusCallback(sms, 'sent'))).statusCode).toBe(204);
    expect((await requests(owner)).requests[0].smsStatus).toBe('delivered');
    // A forged callback is refused and changes nothing.
    const forged = await deliver(twilio.statusCallback(sms, 'failed'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect((await requests(owner)).requests[0].smsStatus).toBe('delivered');
  });

  it('one request per customer per 90 days: the same phone converted again is skipped with the reason', async () => {
    const { owner, tenantId } = await business();
    const first = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Ana Ruiz', phone: '512-555-0177' }),
      at(1, '10:00'),
    );
    await sendRequest(deps, tenantId, first!.id, at(1, '12:00'));
    const again = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Ana Ruiz', phone: '+1 512 555 0177' }),
      at(2, '10:00'),
    );
    expect(again).toMatchObject({ status: 'skipped' });
    expect(again!.reason).toMatch(
      /^Ana Ruiz was already asked for a review \(.+\); one request per customer every 90 days\.$/,
    );
    const texted = twilio.messages.filter((m) => m.to === '+15125550177');
    expect(texted).toHaveLength(1);
  });

  it('outside 9 am – 8 pm the send waits for the next window start', async () => {
    const { owner, tenantId } = await business();
    // Converted at 7:30 pm: 2 hours later is 9:30 pm, so it is scheduled for 9 am the next day.
    const row = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Li Wei', phone: '5125550188' }),
      at(1, '19:30'),
    );
    expect(row!.scheduledFor).toEqual(at(2, '09:00'));
    // A job that runs early (a retry at night) sends nothing and moves itself to the next window.
    const before = twilio.messages.length;
    const from = enqueued.length;
    await sendRequest(deps, tenantId, row!.id, at(2, '06:15'));
    expect(twilio.messages.length).toBe(before);
    expect(enqueued.slice(from)).toMatchObject([{ name: SEND_REQUEST_JOB, startAfter: at(2, '09:00') }]);
    expect((await requests(owner)).requests[0]).toMatchObject({
      status: 'scheduled',
      scheduledFor: at(2, '09:00').toISOString(),
    });
    await sendRequest(deps, tenantId, row!.id, at(2, '09:00'));
    expect(twilio.messages.length).toBe(before + 1);
  });

  it('STOP is honoured: an inbound STOP records the opt-out, later requests are skipped, START lifts it', async () => {
    const { owner } = await business();
    const customer = '+15125550199';
    const stop = twilio.inbound(`${app.deps.config.appUrl}/api/reviews/sms/inbound`, {
      from: customer,
      to: BUSINESS_NUMBER,
      body: 'STOP',
    });
    expect((await deliver(stop, 'forged')).statusCode).toBe(403);
    const answered = await deliver(stop);
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('<Response>');

    const row = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Sam Cole', phone: customer }),
      at(1, '10:00'),
    );
    expect(row).toMatchObject({
      status: 'skipped',
      reason: 'Sam Cole replied STOP to a text from you, so no review request is sent.',
    });

    await deliver(
      twilio.inbound(`${app.deps.config.appUrl}/api/reviews/sms/inbound`, {
        from: customer,
        to: BUSINESS_NUMBER,
        body: 'start',
      }),
    );
    const manual = await call('POST', '/api/reviews/requests', owner.cookie, {
      customerName: 'Sam Cole',
      phone: customer,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json()).toMatchObject({ status: 'scheduled', trigger: 'manual' });
  });

  it('Twilio refusing an opted-out number records the opt-out and the failure', async () => {
    const { owner, tenantId } = await business();
    twilio.refuse.set('+15125550111', 21610);
    const row = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Jo Park', phone: '5125550111' }),
      at(1, '10:00'),
    );
    await sendRequest(deps, tenantId, row!.id, at(1, '12:00'));
    expect((await requests(owner)).requests[0]).toMatchObject({
      status: 'failed',
      smsStatus: 'failed',
      reason: 'This customer replied STOP, so they cannot be texted.',
    });
    const next = await call('POST', '/api/reviews/requests', owner.cookie, {
      customerName: 'Jo Park',
      phone: '5125550111',
    });
    expect(next.json()).toMatchObject({ status: 'skipped' });
  });

  it('without a phone (or without Twilio) the request goes by email through the mailer', async () => {
    const { owner, tenantId } = await business(false);
    const row = await requestAfterConversion(
      deps,
      await convert(owner, { name: 'Dee Hart', phone: '5125550122', email: 'dee@example.com' }),
      at(1, '10:00'),
    );
    await sendRequest(deps, tenantId, row!.id, at(1, '12:00'));
    expect((await requests(owner)).requests[0]).toMatchObject({
      status: 'sent',
      smsStatus: null,
      emailStatus: 'outbox',
    });
    const [mail] = await database.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.tenantId, tenantId), eq(emailLogs.emailType, 'review_request')));
    expect(mail).toMatchObject({
      recipientEmail: 'dee@example.com',
      subject: 'How did we do? A quick review for Rosa Plumbing',
    });
    expect(mail!.bodyText).toMatch(new RegExp(`Leave a Google review: ${app.deps.config.appUrl}/r/[A-Za-z0-9_-]+`));
  });

  it('automatic requests can be turned off; a manual one needs a chosen business and a contact', async () => {
    const { owner } = await business();
    const off = await call('PUT', '/api/reviews/requests/settings', owner.cookie, {
      autoSend: false,
      delayHours: 4,
      channel: 'both',
    });
    expect(off.json()).toEqual({ autoSend: false, delayHours: 4, channel: 'both' });
    expect(
      await requestAfterConversion(deps, await convert(owner, { name: 'Al Moss', phone: '5125550133' })),
    ).toBeUndefined();
    const bad = await call('POST', '/api/reviews/requests', owner.cookie, { customerName: 'Al Moss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/phone number or an email/);

    const other = await signUp(app);
    const none = await call('POST', '/api/reviews/requests', other.cookie, {
      customerName: 'Al Moss',
      email: 'al@example.com',
    });
    expect(none.json()).toMatchObject({
      status: 'skipped',
      reason: 'Choose your business on the Reviews page first, so the request can link to your Google reviews.',
    });
  });
});

describe('unsubscribing from review-request emails', () => {
  /** The mailer as SMTP would use it, recording each message with its headers. */
  const recording = () => {
    const sent: MailMessage[] = [];
    const mailer = {
      mode: 'smtp' as const,
      send: (m: MailMessage) => {
        sent.push(m);
        return Promise.resolve({ delivered: true });
      },
    };
    return { sent, deps: { ...deps, mailer } };
  };
  const ask = async (owner: SignedUp, customerName: string, email: string) => {
    const res = await call('POST', '/api/reviews/requests', owner.cookie, { customerName, email });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; reason: string | null };
  };

  it('the email has a signed one-click link and List-Unsubscribe; once used, that address is never mailed again', async () => {
    const { owner, tenantId } = await business(false);
    const mail = recording();
    const first = await ask(owner, 'Eve Park', 'Eve.Park@Example.com');
    await sendRequest(mail.deps, tenantId, first.id, at(1, '12:00'));
    expect(mail.sent).toHaveLength(1);
    const headers = mail.sent[0]!.headers!;
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!;
    expect(link).toMatch(new RegExp(`^${app.deps.config.appUrl}/api/reviews/unsubscribe\\?token=[\\w.-]+$`));
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.sent[0]!.text).toContain(`Unsubscribe: ${link}`);
    expect(mail.sent[0]!.html).toContain(`href="${link}"`);

    // A changed token records nothing; the real one records the opt-out in one click.
    const path = `${new URL(link).pathname}${new URL(link).search}`;
    const forged = await app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link does not work');
    const other = await app.inject({
      method: 'GET',
      url: path.replace(/\.[^.]+\./, `.${Buffer.from('someone@else.com').toString('base64url')}.`),
    });
    expect(other.statusCode).toBe(400);
    expect(
      await database.db.select().from(reviewEmailOptOuts).where(eq(reviewEmailOptOuts.tenantId, tenantId)),
    ).toEqual([]);
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('You are unsubscribed');
    expect(page.body).toContain('Rosa Plumbing will not send you any more review requests by email.');
    expect(
      await database.db.select().from(reviewEmailOptOuts).where(eq(reviewEmailOptOuts.tenantId, tenantId)),
    ).toEqual([expect.objectContaining({ email: 'eve.park@example.com', source: 'link' })]);
    // Opening it again is harmless.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    // A new request to that address (any spelling) is skipped with the reason.
    const again = await ask(owner, 'Eve P.', 'eve.park@example.com');
    expect(again).toMatchObject({
      status: 'skipped',
      reason: 'Eve P. unsubscribed from your review request emails, so no review request is sent.',
    });

    // One-click from the mail client (RFC 8058) before a scheduled request goes: nothing is sent.
    const finn = await ask(owner, 'Finn Cole', 'finn@example.com');
    expect(finn.status).toBe('scheduled');
    const finnUnsub = mail.sent.length;
    // The token Finn's own email would carry (each address has its own).
    const finnToken = unsubscribeToken(app.deps.secretBox, tenantId, 'finn@example.com');
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/reviews/unsubscribe?token=${finnToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    await sendRequest(mail.deps, tenantId, finn.id, at(1, '12:00'));
    expect(mail.sent).toHaveLength(finnUnsub);
    const list = (await requests(owner)).requests as { id: string; status: string; reason: string }[];
    expect(list.find((r) => r.id === finn.id)).toMatchObject({
      status: 'skipped',
      reason: 'Finn Cole unsubscribed from your review request emails, so no review request is sent.',
    });
  });
});

describe('a send interrupted mid-way', () => {
  const stuck = async (tenantId: string, id: string, minutesAgo: number) =>
    database.db
      .update(reviewRequests)
      .set({ status: 'sending', updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(and(eq(reviewRequests.tenantId, tenantId), eq(reviewRequests.id, id)));

  it('the sweep marks requests stuck in "sending" failed with a reason, never texting again; a fresh one is left alone', async () => {
    const { owner, tenantId } = await business();
    const a = await requestAfterConversion(deps, await convert(owner, { name: 'Hal Ives', phone: '5125550144' }));
    const b = await requestAfterConversion(deps, await convert(owner, { name: 'Ida Jung', phone: '5125550155' }));
    await stuck(tenantId, a!.id, 30); // its worker died half an hour ago
    await stuck(tenantId, b!.id, 1); // still being sent right now
    const texts = twilio.messages.length;

    const failed = await failStuckRequests(deps);
    expect(failed).toContainEqual({ id: a!.id, tenantId });
    expect(failed.map((f) => f.id)).not.toContain(b!.id);
    const list = (await requests(owner)).requests as { id: string; status: string; reason: string | null }[];
    expect(list.find((r) => r.id === a!.id)).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
    expect(list.find((r) => r.id === b!.id)).toMatchObject({ status: 'sending' });

    // The job's retry of the stuck one sends nothing; the fresh one's retry leaves it to its run.
    await sendRequest(deps, tenantId, a!.id, at(1, '12:00'));
    await sendRequest(deps, tenantId, b!.id, new Date());
    expect(twilio.messages.length).toBe(texts);
    expect((await requests(owner)).requests.find((r: { id: string }) => r.id === b!.id).status).toBe('sending');
    // The 90-day rule does not count a failed request: the owner may ask again by hand.
    const again = await call('POST', '/api/reviews/requests', owner.cookie, {
      customerName: 'Hal Ives',
      phone: '5125550144',
    });
    expect(again.json().status).toBe('scheduled');
  });

  it("the send job's own retry marks its stuck request failed instead of sending again", async () => {
    const { owner, tenantId } = await business();
    const row = await requestAfterConversion(deps, await convert(owner, { name: 'Jo Kerr', phone: '5125550166' }));
    await stuck(tenantId, row!.id, 30);
    const texts = twilio.messages.length;
    await sendRequest(deps, tenantId, row!.id);
    expect(twilio.messages.length).toBe(texts);
    expect((await requests(owner)).requests[0]).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
  });
});
