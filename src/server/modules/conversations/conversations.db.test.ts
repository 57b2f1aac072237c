import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToZoned } from '#shared/zoned-time.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { conversationMessages, conversations, leads } from '#server/db/schema/index.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { startFakeTwilio, type SignedWebhook } from '#tests/fakes/twilio-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { conversationsDeps, SEND_REPLY_JOB } from './conversations.service.ts';
import { sendReply, ZSendReplyJob } from './reply-send.ts';

// Conversations through the API and Twilio's signed webhooks, against the Twilio fake. The queue
// records what is enqueued; the tests run the send job's handler when they choose.
const twilio = await startFakeTwilio();
const enqueued: { name: string; data: unknown; startAfter?: Date | undefined }[] = [];
const jobs: Jobs = {
  async enqueue(name, data, options) {
    enqueued.push({ name, data, startAfter: options?.startAfter });
    return String(enqueued.length);
  },
  boss: () => Promise.reject(new Error('no queue in this test')),
  stop: () => Promise.resolve(),
};
let app: App;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ TWILIO_API_BASE_URL: twilio.url, OUTBOUND_ALLOW: '127.0.0.1' });
  app = await buildApp({ config, database, logger: false, jobs });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await twilio.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const deliver = (hook: SignedWebhook, signature = hook.signature) =>
  app.inject({
    method: 'POST',
    url: new URL(hook.url).pathname + new URL(hook.url).search,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: hook.body,
  });
const url = (path: string) => `${app.deps.config.appUrl}${path}`;
let numbers = 0;
/** A business with its own Twilio number in Settings → SMS. */
async function business(): Promise<{ owner: SignedUp; tenantId: string; number: string }> {
  const owner = await signUp(app);
  const tenantId = await tenantIdOf(database.db, owner.userId);
  numbers += 1;
  const number = `+1512555${String(7000 + numbers)}`;
  const { accountSid, authToken } = twilio.options;
  const saved = await call('PUT', '/api/settings/sms', owner.cookie, { accountSid, authToken, phoneNumber: number });
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, tenantId, number };
}
const text = (number: string, from: string, body: string, media?: string[]) =>
  twilio.inbound(url('/api/webhooks/twilio/sms'), { from, to: number, body, ...(media ? { media } : {}) });
/** Runs the send jobs enqueued since `from`. */
async function runSends(from: number) {
  const deps = conversationsDeps(app.deps);
  const outcomes = [];
  for (const job of enqueued.slice(from).filter((j) => j.name === SEND_REPLY_JOB))
    outcomes.push(await sendReply(deps, ZSendReplyJob.parse(job.data)));
  return outcomes;
}
async function inbox(owner: SignedUp, query = '') {
  const res = await call('GET', `/api/conversations${query}`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: string; name: string; unread: number; lastMessagePreview: string }[] }>().items;
}

const ALL_DAY = {
  forwardTo: null,
  missedCallText: true,
  missedCallMessage: 'Sorry we missed you — how can we help?',
  hoursStart: '00:00',
  hoursEnd: '23:59',
  quietStart: '00:00',
  quietEnd: '00:00',
};

describe('inbound texts', () => {
  it('an unknown sender gets a thread and a new lead (source "text"); MMS images are kept; a retry is stored once', async () => {
    const { owner, tenantId, number } = await business();
    const hook = text(number, '+15125550101', 'Hi, my water heater is leaking', ['https://api.twilio.com/img/1.jpg']);
    const res = await deliver(hook);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response>');
    expect((await deliver(hook)).statusCode).toBe(200);

    const [thread] = await inbox(owner);
    expect(thread).toMatchObject({ unread: 1, lastMessagePreview: 'Hi, my water heater is leaking' });
    const lead = await database.db.select().from(leads).where(eq(leads.tenantId, tenantId));
    expect(lead).toMatchObject([{ source: 'text', phone: '+15125550101' }]);
    const opened = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(opened).toMatchObject({ leadId: lead[0]!.id, unread: 0, canText: true });
    expect(opened.messages).toMatchObject([
      {
        direction: 'in',
        channel: 'sms',
        body: 'Hi, my water heater is leaking',
        mediaUrls: ['https://api.twilio.com/img/1.jpg'],
      },
    ]);
    expect((await call('GET', '/api/conversations/unread', owner.cookie)).json()).toEqual({ unread: 0 });
  });

  it('a text from a lead already known joins that lead, however its number was typed', async () => {
    const { owner, number } = await business();
    const lead = await call('POST', '/api/leads', owner.cookie, {
      name: 'Dana Ruiz',
      service: 'AC repair',
      location: 'Austin',
      phone: '(512) 555-0102',
    });
    await deliver(text(number, '+15125550102', 'Still on for Tuesday?'));
    const [thread] = await inbox(owner);
    expect(thread).toMatchObject({ name: 'Dana Ruiz' });
    expect((await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json().leadId).toBe(lead.json().id);
  });

  it('a bad signature or a number nobody has is 403 and stores nothing', async () => {
    const { owner, tenantId, number } = await business();
    const forged = await deliver(text(number, '+15125550103', 'hello'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    const unknown = await deliver(text('+15125559999', '+15125550103', 'hello'));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(forged.json().message);
    expect(await inbox(owner, '?status=all')).toEqual([]);
    expect(await database.db.select().from(conversations).where(eq(conversations.tenantId, tenantId))).toEqual([]);
    expect(await database.db.select().from(leads).where(eq(leads.tenantId, tenantId))).toEqual([]);
  });
});

describe('replies', () => {
  it('a reply is one Messages API call by the job; its status callback shows delivered; a second run sends nothing', async () => {
    const { owner, number } = await business();
    await deliver(text(number, '+15125550104', 'Can you come today?'));
    const [thread] = await inbox(owner);
    const before = twilio.messages.length;
    const from = enqueued.length;
    const sent = await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'sms',
      body: 'Yes, we can be there after 2.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', direction: 'out', kind: 'reply' });
    expect(twilio.messages.length).toBe(before); // never inline
    expect(await runSends(from)).toEqual(['sent']);
    expect(await runSends(from)).toEqual(['skipped']);
    expect(twilio.messages.slice(before)).toMatchObject([
      {
        to: '+15125550104',
        from: number,
        body: 'Yes, we can be there after 2.',
        statusCallback: url('/api/webhooks/twilio/sms/status'),
      },
    ]);
    const message = twilio.messages[twilio.messages.length - 1]!;
    expect((await deliver(twilio.statusCallback(message, 'delivered'))).statusCode).toBe(204);
    expect((await deliver(twilio.statusCallback(message, 'sent'))).statusCode).toBe(204); // late: ignored
    const thread2 = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(thread2.messages.at(-1)).toMatchObject({ status: 'delivered', body: 'Yes, we can be there after 2.' });
    const forged = await deliver(twilio.statusCallback(message, 'failed'), 'forged');
    expect(forged.statusCode).toBe(403);
  });

  it('a failed delivery shows the carrier’s reason; notes are not sent; another business’s thread is 404', async () => {
    const { owner, number } = await business();
    const other = await business();
    await deliver(text(number, '+15125550105', 'Quote please'));
    const [thread] = await inbox(owner);
    const from = enqueued.length;
    await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, { channel: 'sms', body: 'Sure' });
    await runSends(from);
    const message = twilio.messages[twilio.messages.length - 1]!;
    await deliver(twilio.statusCallback(message, 'undelivered', 30007));
    const before = twilio.messages.length;
    const note = await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'note',
      body: 'Call him back Monday',
    });
    expect(note.statusCode).toBe(201);
    expect(twilio.messages.length).toBe(before);
    const view = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(view.messages.slice(-2)).toMatchObject([
      { status: 'undelivered', error: 'The carrier filtered the message as spam.' },
      { channel: 'note', body: 'Call him back Monday' },
    ]);
    expect((await call('GET', `/api/conversations/${thread!.id}`, other.owner.cookie)).statusCode).toBe(404);
    const patch = await call('PATCH', `/api/conversations/${thread!.id}`, other.owner.cookie, { status: 'done' });
    expect(patch.statusCode).toBe(404);
  });

  it('assign and mark done move the thread between the filters', async () => {
    const { owner, number } = await business();
    await deliver(text(number, '+15125550106', 'Hello?'));
    const [thread] = await inbox(owner);
    expect(await inbox(owner, '?assignee=me')).toEqual([]);
    const mine = await call('PATCH', `/api/conversations/${thread!.id}`, owner.cookie, { assigneeId: owner.userId });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await inbox(owner, '?assignee=me')).map((t) => t.id)).toEqual([thread!.id]);
    await call('PATCH', `/api/conversations/${thread!.id}`, owner.cookie, { status: 'done' });
    expect(await inbox(owner)).toEqual([]);
    expect((await inbox(owner, '?status=done')).map((t) => t.id)).toEqual([thread!.id]);
    expect(await inbox(owner, '?status=all&q=nothing-like-this')).toEqual([]);
    // A new text reopens it.
    await deliver(text(number, '+15125550106', 'Any news?'));
    expect((await inbox(owner)).map((t) => t.id)).toEqual([thread!.id]);
  });
});

describe('STOP', () => {
  it('after STOP no text goes out, typed or automatic, until START', async () => {
    const { owner, tenantId, number } = await business();
    const customer = '+15125550107';
    await deliver(text(number, customer, 'Need a plumber'));
    const [thread] = await inbox(owner);
    // A reply queued before the STOP arrives is not sent either.
    const from = enqueued.length;
    await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, { channel: 'sms', body: 'Hi!' });
    await deliver(text(number, customer, 'STOP'));
    const before = twilio.messages.length;
    expect(await runSends(from)).toEqual(['failed']);
    const refused = await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'sms',
      body: 'Are you sure?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/replied STOP/);
    // Automatic: a missed call's text-back (no forward number: every call is missed) is recorded as opted out, not sent.
    await call('PUT', '/api/conversations/settings', owner.cookie, ALL_DAY);
    const callFrom = enqueued.length;
    await deliver(
      twilio.call(url('/api/webhooks/twilio/voice'), { CallSid: `CA${'7'.repeat(32)}`, From: customer, To: number }),
    );
    expect(await runSends(callFrom)).toEqual(['failed']);
    expect(twilio.messages.length).toBe(before);
    const view = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(view.canText).toBe(false);
    expect(view.optedOutAt).not.toBeNull();
    const statuses = await database.db
      .select({ status: conversationMessages.status })
      .from(conversationMessages)
      .where(eq(conversationMessages.tenantId, tenantId));
    expect(statuses.filter((s) => s.status === 'opted_out')).toHaveLength(2);

    await deliver(text(number, customer, 'START'));
    const again = await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'sms',
      body: 'Welcome back',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('missed calls', () => {
  it('in quiet hours the text-back waits in the thread, scheduled for their end, and then goes', async () => {
    const { owner, number } = await business();
    // Quiet hours around now in the business's zone (New York, the default), whenever the test runs.
    const at = (ms: number) => isoToZoned(new Date(Date.now() + ms).toISOString(), 'America/New_York').time;
    const quiet = { ...ALL_DAY, quietStart: at(-3_600_000), quietEnd: at(7_200_000) };
    expect((await call('PUT', '/api/conversations/settings', owner.cookie, quiet)).statusCode).toBe(200);
    const from = enqueued.length;
    const before = twilio.messages.length;
    const missed = await deliver(
      twilio.call(url('/api/webhooks/twilio/voice'), {
        CallSid: `CA${'7'.repeat(32)}`,
        From: '+15125550177',
        To: number,
      }),
    );
    expect(missed.statusCode).toBe(200);
    const [thread] = await inbox(owner);
    const view = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(view.messages).toMatchObject([
      { channel: 'call', body: 'Missed call' },
      { channel: 'sms', kind: 'missed_call', status: 'scheduled' },
    ]);
    const [job] = enqueued.slice(from).filter((j) => j.name === SEND_REPLY_JOB);
    expect(job?.startAfter?.getTime()).toBeGreaterThan(Date.now());
    expect(twilio.messages.length).toBe(before);
    // The queue runs it when quiet hours end.
    expect(await runSends(from)).toEqual(['sent']);
    expect(twilio.messages.slice(before)).toMatchObject([{ to: '+15125550177' }]);
  });

  it('forwards screened; no key pressed counts as missed: the caller is texted and a thread opens', async () => {
    const { owner, number } = await business();
    const settings = await call('PUT', '/api/conversations/settings', owner.cookie, {
      forwardTo: '(512) 555-0190',
      missedCallText: true,
      missedCallMessage: 'Sorry we missed you — how can we help?',
      hoursStart: '00:00',
      hoursEnd: '23:59',
      quietStart: '00:00',
      quietEnd: '00:00',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const callSid = `CA${'1'.repeat(32)}`;
    const incoming = await deliver(
      twilio.call(url('/api/webhooks/twilio/voice'), { CallSid: callSid, From: '+15125550108', To: number }),
    );
    expect(incoming.statusCode).toBe(200);
    expect(incoming.body).toContain('<Number url="');
    expect(incoming.body).toContain('+15125550190</Number>');
    const screenUrl = /<Number url="([^"]+)"/.exec(incoming.body)![1]!.replaceAll('&amp;', '&');
    const screen = await deliver(
      twilio.call(screenUrl, { CallSid: `CA${'2'.repeat(32)}`, From: number, To: '+15125550190' }),
    );
    expect(screen.body).toContain('<Gather numDigits="1"');
    // Voicemail picked up; nobody pressed a key; the forward ends "completed".
    const from = enqueued.length;
    const before = twilio.messages.length;
    const done = await deliver(
      twilio.call(url('/api/webhooks/twilio/voice/done'), {
        CallSid: callSid,
        From: '+15125550108',
        To: number,
        DialCallStatus: 'completed',
      }),
    );
    expect(done.statusCode).toBe(200);
    expect(await runSends(from)).toEqual(['sent']);
    expect(twilio.messages.slice(before)).toMatchObject([
      { to: '+15125550108', body: 'Sorry we missed you — how can we help?' },
    ]);
    const [thread] = await inbox(owner);
    const view = (await call('GET', `/api/conversations/${thread!.id}`, owner.cookie)).json();
    expect(view.messages).toMatchObject([
      { channel: 'call', body: 'Missed call' },
      { channel: 'sms', kind: 'missed_call', status: 'queued' },
    ]);
    expect(view.leadId).not.toBeNull();
  });

  it('a call the owner takes (key pressed) is not texted; a forged call webhook is 403', async () => {
    const { owner, number } = await business();
    await call('PUT', '/api/conversations/settings', owner.cookie, {
      forwardTo: '+15125550191',
      missedCallText: true,
      missedCallMessage: 'Sorry!',
      hoursStart: '00:00',
      hoursEnd: '23:59',
      quietStart: '00:00',
      quietEnd: '00:00',
    });
    const callSid = `CA${'3'.repeat(32)}`;
    const incoming = await deliver(
      twilio.call(url('/api/webhooks/twilio/voice'), { CallSid: callSid, From: '+15125550109', To: number }),
    );
    const screenUrl = /<Number url="([^"]+)"/.exec(incoming.body)![1]!.replaceAll('&amp;', '&');
    const screen = await deliver(
      twilio.call(screenUrl, { CallSid: `CA${'4'.repeat(32)}`, From: number, To: '+15125550191' }),
    );
    const acceptUrl = /action="([^"]+)"/.exec(screen.body)![1]!.replaceAll('&amp;', '&');
    expect((await deliver(twilio.call(acceptUrl, { CallSid: `CA${'4'.repeat(32)}`, Digits: '1' }))).statusCode).toBe(
      200,
    );
    const from = enqueued.length;
    await deliver(
      twilio.call(url('/api/webhooks/twilio/voice/done'), {
        CallSid: callSid,
        From: '+15125550109',
        To: number,
        DialCallStatus: 'completed',
      }),
    );
    expect(enqueued.slice(from)).toEqual([]);
    const forged = twilio.call(url('/api/webhooks/twilio/voice'), {
      CallSid: callSid,
      From: '+15125550109',
      To: number,
    });
    expect((await deliver(forged, 'forged')).statusCode).toBe(403);
  });
});
