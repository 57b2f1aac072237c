import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { conversationMessages, conversations, leads, tenants } from '#server/db/schema/index.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { MailMessage, Mailer } from '#server/mail/mailer.ts';
import { mailgunPost, type InboundMail, type MailgunPost } from '#tests/fakes/mailgun-inbound.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { inboxBus, type InboxEvent } from './inbox-events.ts';

// Customers' emails into the inbox through Mailgun's raw-MIME route (the fake builds real MIME
// and signs as Mailgun does), and the reply address our emails carry.
const DOMAIN = 'reply.fieldwise.test';
const KEY = 'mailgun-signing-key-for-tests';
const sent: MailMessage[] = [];
const mailer: Mailer = {
  mode: 'smtp',
  async send(message) {
    sent.push(message);
    return { delivered: true };
  },
};
const enqueued: { name: string; data: unknown }[] = [];
const jobs: Jobs = {
  async enqueue(name, data) {
    enqueued.push({ name, data });
    return String(enqueued.length);
  },
  boss: () => Promise.reject(new Error('no queue in this test')),
  stop: () => Promise.resolve(),
};
let app: App;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ INBOUND_EMAIL_DOMAIN: DOMAIN, MAILGUN_WEBHOOK_SIGNING_KEY: KEY });
  app = await buildApp({ config, database, logger: false, jobs, mailer });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const deliver = (post: MailgunPost) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/mailgun/mime',
    headers: { 'content-type': post.contentType },
    payload: post.payload,
  });
const email = async (mail: InboundMail, key = KEY, timestamp?: number) =>
  deliver(await mailgunPost(key, mail, timestamp ? { timestamp } : {}));

async function business(): Promise<{ owner: SignedUp; tenantId: string; address: string }> {
  const owner = await signUp(app);
  const tenantId = await tenantIdOf(database.db, owner.userId);
  const [row] = await database.db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return { owner, tenantId, address: `${row!.slug}@${DOMAIN}` };
}
async function threads(owner: SignedUp) {
  const res = await call('GET', '/api/conversations', owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: string; name: string; email: string | null; lastChannel: string }[] }>().items;
}
const messagesOf = async (owner: SignedUp, id: string) =>
  (await call('GET', `/api/conversations/${id}`, owner.cookie)).json<{
    messages: { direction: string; channel: string; body: string; status: string }[];
  }>().messages;

describe('inbound email', () => {
  it("an unknown sender's mail to the business's address: a thread, a lead (source email), quoted history left out, the inbox and a push told", async () => {
    const { owner, tenantId, address } = await business();
    const events: InboxEvent[] = [];
    const off = await inboxBus(database.db).subscribe(tenantId, (e) => events.push(e));
    const pushes = enqueued.length;
    const res = await email({
      from: 'Dana Reyes <dana@example.com>',
      recipient: address,
      subject: 'Leaking water heater',
      text: 'Can you come Thursday?\n\nOn Mon, Nov 23, 2026 at 9:00 AM Someone <x@example.com> wrote:\n> an older message\n> more of it',
    });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'stored' });

    const [thread] = await threads(owner);
    expect(thread).toMatchObject({ name: 'Dana Reyes', email: 'dana@example.com', lastChannel: 'email' });
    expect(await messagesOf(owner, thread!.id)).toMatchObject([
      { direction: 'in', channel: 'email', body: 'Can you come Thursday?', status: 'received' },
    ]);
    const lead = await database.db.select().from(leads).where(eq(leads.tenantId, tenantId));
    expect(lead).toMatchObject([{ source: 'email', email: 'dana@example.com', name: 'Dana Reyes' }]);
    expect(events).toContainEqual({ conversationId: thread!.id, kind: 'message' });
    expect(enqueued.slice(pushes)).toMatchObject([
      { name: 'push.send', data: { tenantId, message: { title: 'New message: Dana Reyes' } } },
    ]);
  });

  it('a sender who is already a lead lands in that lead’s thread; Mailgun’s retry and auto-replies store nothing more', async () => {
    const { owner, tenantId, address } = await business();
    const created = await call('POST', '/api/leads', owner.cookie, {
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      service: 'Drain cleaning',
      location: 'Austin',
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = await mailgunPost(KEY, { from: 'sam@example.com', recipient: address, text: 'Still on for today?' });
    expect((await deliver(post)).json()).toEqual({ outcome: 'stored' });
    expect((await deliver(post)).json()).toEqual({ outcome: 'duplicate' });
    const away = await email({
      from: 'sam@example.com',
      recipient: address,
      text: 'I am out of the office.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(away.json()).toEqual({ outcome: 'ignored' });

    const [thread] = await threads(owner);
    expect(thread).toMatchObject({ name: 'Sam Ortiz' });
    const [row] = await database.db.select().from(conversations).where(eq(conversations.id, thread!.id));
    expect(row!.leadId).toBe(created.json<{ id: string }>().id);
    expect(await messagesOf(owner, thread!.id)).toHaveLength(1);
    expect(await database.db.select().from(leads).where(eq(leads.tenantId, tenantId))).toHaveLength(1);
  });

  it("an owner's email reply carries the thread's reply address, and the customer's answer to it comes back into that thread", async () => {
    const { owner, address } = await business();
    await email({ from: 'lee@example.com', recipient: address, text: 'Do you fix boilers?' });
    const [thread] = await threads(owner);
    const reply = await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'email',
      body: 'Yes, we do. When suits you?',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const mail = sent.at(-1)!;
    expect(mail.to).toBe('lee@example.com');
    expect(mail.replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{30}@${DOMAIN.replace(/\./g, '\\.')}$`));

    // Answered from another address of theirs, with a photo attached (multipart): the token decides the thread.
    const res = await email({
      from: 'Lee at work <lee@work.example.com>',
      recipient: mail.replyTo!,
      text: 'Friday morning works.\n\n> Yes, we do. When suits you?',
      attachments: [{ filename: 'boiler.jpg', content: 'not really a photo' }],
    });
    expect(res.json()).toEqual({ outcome: 'stored' });
    expect(await threads(owner)).toHaveLength(1);
    expect((await messagesOf(owner, thread!.id)).map((m) => [m.direction, m.channel, m.body])).toEqual([
      ['in', 'email', 'Do you fix boilers?'],
      ['out', 'email', 'Yes, we do. When suits you?'],
      ['in', 'email', 'Friday morning works.\n\n(1 attachment not shown here)'],
    ]);

    // A second email of the thread keeps the same address.
    await call('POST', `/api/conversations/${thread!.id}/messages`, owner.cookie, {
      channel: 'email',
      body: 'See you then.',
    });
    expect(sent.at(-1)!.replyTo).toBe(mail.replyTo);
  });

  it('a wrong or stale signature is a 403 and nothing is stored; a reply token nobody has is dropped', async () => {
    const { owner, address } = await business();
    const before = (await database.db.select().from(conversationMessages)).length;
    const forged = await email({ from: 'eve@example.com', recipient: address, text: 'Hi' }, 'not-the-signing-key');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: 'The Mailgun signature does not match.' });
    const stale = await email({ from: 'eve@example.com', recipient: address, text: 'Hi' }, KEY, 1_700_000_000);
    expect(stale.statusCode).toBe(403);
    const unknown = await email({
      from: 'eve@example.com',
      recipient: `reply+${'0'.repeat(30)}@${DOMAIN}`,
      text: 'Hi',
    });
    expect(unknown.json()).toEqual({ outcome: 'ignored' });
    expect(await database.db.select().from(conversationMessages)).toHaveLength(before);
    expect(await threads(owner)).toEqual([]);
  });
});
