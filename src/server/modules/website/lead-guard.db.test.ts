import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LEAD_FORM_MESSAGES, type TAutoReplyStatus } from '#shared/schemas/website.ts';
import { SETTINGS_MESSAGES, type TSettings } from '#shared/schemas/settings.ts';
import type { TLeadPage } from '#shared/schemas/leads.ts';
import { emailLogs } from '#server/db/schema/index.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { startFakeTurnstile } from '#tests/fakes/turnstile-server.ts';
import { startFakeTwilio } from '#tests/fakes/twilio-server.ts';
import { SPEED_TO_LEAD_JOB, signedFormTime, submitLeadForm, ZSpeedToLead } from './lead-intake.service.ts';
import { sendSpeedToLead } from './speed-to-lead.ts';
import { websiteDeps } from './website.deps.ts';
import { call, publishLanding, recordingJobs, speedToLeadDeps } from '#tests/kits/website.ts';

// The lead form must not send mail for strangers (issue 33, decision 021): every lead is stored and
// its owner told, while the automatic reply to the address typed is limited.
const twilio = await startFakeTwilio();
const turnstile = await startFakeTurnstile();
const t = useTestApp({
  config: { TWILIO_API_BASE_URL: twilio.url, TURNSTILE_BASE_URL: turnstile.url, OUTBOUND_ALLOW: '127.0.0.1' },
});
afterAll(async () => {
  await twilio.close();
  await turnstile.close();
});

async function publishedLanding(businessName: string) {
  const owner = await signUp(t.app, { businessName });
  return { owner, ...(await publishLanding(t.app, owner.cookie)) };
}
type Landing = Awaited<ReturnType<typeof publishedLanding>>;

const speedDeps = () => speedToLeadDeps(t.app, t.database.db, twilio.url);

let servedAt = Date.now() - 600_000;
/** A fresh stamp, as the page serves one to each visit. */
const freshStamp = (page: Landing) => signedFormTime(t.app.deps.secretBox, page.id, (servedAt += 7));

/** A visitor's post, then the speed-to-lead job it queued, run as the worker would. */
async function submit(page: Landing, fields: Record<string, string>, ip: string) {
  const d = { ...websiteDeps(t.app.deps), jobs: recordingJobs() };
  const person = { name: 'Maria Lopez', service: 'Furnace tune-up', location: 'Tacoma', ...fields };
  const outcome = await submitLeadForm(d, page.business, page.slug, person, ip);
  // The form also queues the owner's push (issue 37); the reply is the speed-to-lead job's.
  for (const job of d.jobs.enqueued.filter((j) => j.name === SPEED_TO_LEAD_JOB))
    await sendSpeedToLead(speedDeps(), ZSpeedToLead.parse(job.data));
  return outcome;
}

const mails = async (type: string) => t.database.db.select().from(emailLogs).where(eq(emailLogs.emailType, type));
const autoRepliesTo = async (to: string) => (await mails('lead_auto_reply')).filter((m) => m.recipientEmail === to);
const noticesTo = async (owner: string) => (await mails('lead_notification')).filter((m) => m.recipientEmail === owner);
/** Every lead's name, following the list's pages. */
async function leadNames(cookie: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = '';
  do {
    const page: TLeadPage = (
      await call(t.app, 'GET', `/api/leads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, cookie)
    ).json();
    names.push(...page.leads.map((l) => l.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

describe('the lead form is not a way to send mail', () => {
  it('answers a form stamp once: the same page visit sent again (or copied) stores the lead but gets no second reply', async () => {
    const page = await publishedLanding('Stamp Heating');
    const ts = freshStamp(page);
    for (const [i, email] of ['first@example.com', 'victim1@example.net', 'victim2@example.org'].entries())
      expect((await submit(page, { email, ts, name: `Person ${i}` }, `10.20.0.${i + 1}`)).kind).toBe('created');
    expect(await autoRepliesTo('first@example.com')).toHaveLength(1);
    expect(await autoRepliesTo('victim1@example.net')).toEqual([]);
    expect(await autoRepliesTo('victim2@example.org')).toEqual([]);
    // Nothing is lost: three leads, three notices, the later two saying why nobody was answered.
    expect((await leadNames(page.owner.cookie)).sort()).toEqual(['Person 0', 'Person 1', 'Person 2']);
    const notices = await noticesTo(page.owner.email);
    expect(notices).toHaveLength(3);
    expect(notices.filter((n) => n.bodyText?.includes(LEAD_FORM_MESSAGES.usedForm))).toHaveLength(2);
  });

  it('answers one recipient once a day, however the address or number is written', async () => {
    const page = await publishedLanding('Once A Day Plumbing');
    const { accountSid, authToken } = twilio.options;
    const sms = { accountSid, authToken, phoneNumber: '+15005550006' };
    expect((await call(t.app, 'PUT', '/api/settings/sms', page.owner.cookie, sms)).statusCode).toBe(200);
    const spellings = [
      { email: 'jo.smith@gmail.com', phone: '(253) 555-0177' },
      { email: 'JoSmith+offer@Gmail.com', phone: '+1 253 555 0177' },
      { email: 'j.o.smith@googlemail.com', phone: '253.555.0177' },
    ];
    for (const [i, fields] of spellings.entries())
      await submit(page, { ...fields, ts: freshStamp(page) }, `10.21.0.${i + 1}`);
    const replies = (await mails('lead_auto_reply')).filter((m) => /smith@g/i.test(m.recipientEmail));
    expect(replies.map((m) => m.recipientEmail)).toEqual(['jo.smith@gmail.com']);
    expect(twilio.messages.filter((m) => m.to === '+12535550177')).toHaveLength(1);
    expect(await noticesTo(page.owner.email)).toHaveLength(3);
    // Another business may still answer the same person the same day.
    const other = await publishedLanding('Other Roofing');
    await submit(other, { email: 'jo.smith@gmail.com', ts: freshStamp(other) }, '10.21.1.1');
    expect(await autoRepliesTo('jo.smith@gmail.com')).toHaveLength(2);
  });

  it('sends back no link or markup the visitor typed: the reply is in the business own words', async () => {
    const page = await publishedLanding('Plain Words HVAC');
    const { accountSid, authToken } = twilio.options;
    const sms = { accountSid, authToken, phoneNumber: '+15005550006' };
    expect((await call(t.app, 'PUT', '/api/settings/sms', page.owner.cookie, sms)).statusCode).toBe(200);
    await submit(
      page,
      {
        name: 'www.cheap-pills.example <b>Claim</b> your prize',
        service: 'Win $500 at https://cheap-pills.example/?ref=1 <a href="x">now</a>',
        email: 'spam-target@example.com',
        phone: '(253) 555-0188',
        ts: freshStamp(page),
      },
      '10.22.0.1',
    );
    const [mail] = await autoRepliesTo('spam-target@example.com');
    const [text] = twilio.messages.filter((m) => m.to === '+12535550188');
    for (const sent of [mail?.subject, mail?.bodyText, text?.body]) {
      expect(sent).toBeTruthy();
      expect(sent).not.toMatch(/cheap-pills|https?:|www\.|<|&lt;|prize|\$500/i);
    }
    expect(text?.body).toBe(
      'Hi there, thanks for contacting Plain Words HVAC. We got your request and will call you shortly. Reply STOP to opt out.',
    );
    // A plain name is still used.
    await submit(page, { name: 'José Ortiz', email: 'jose@example.com', ts: freshStamp(page) }, '10.22.0.2');
    expect((await autoRepliesTo('jose@example.com'))[0]?.bodyText).toMatch(/^Hi José,/);
  });

  it("stops auto-replies at the plan's daily limit, keeps every lead, and tells the owner once", async () => {
    const page = await publishedLanding('Busy Day Electric');
    const status = async () =>
      (await call(t.app, 'GET', '/api/website/auto-replies', page.owner.cookie)).json<TAutoReplyStatus>();
    expect(await status()).toEqual({ sentToday: 0, dailyLimit: 50, limitReachedAt: null });
    for (let i = 0; i < 52; i += 1)
      await submit(page, { name: `Lead ${i}`, email: `lead${i}@cap.example`, ts: freshStamp(page) }, `10.23.${i}.1`);
    const replies = (await mails('lead_auto_reply')).filter((m) => m.recipientEmail.endsWith('@cap.example'));
    expect(replies).toHaveLength(50);
    expect(await leadNames(page.owner.cookie)).toHaveLength(52);
    const notices = await noticesTo(page.owner.email);
    expect(notices).toHaveLength(52);
    expect(notices.filter((n) => n.bodyText?.includes(LEAD_FORM_MESSAGES.dailyLimit(50)))).toHaveLength(2);
    const told = (await mails('lead_auto_reply_limit')).filter((m) => m.recipientEmail === page.owner.email);
    expect(told.map((m) => m.subject)).toEqual([LEAD_FORM_MESSAGES.limitSubject]);
    const after = await status();
    expect(after).toMatchObject({ sentToday: 50, dailyLimit: 50 });
    expect(after.limitReachedAt).not.toBeNull();
    // 52 posts, each with its job run (the lead, its thread's messages, the mails): ~20 s on a busy 2-core runner.
  }, 60_000);
});

describe('the optional Turnstile check', () => {
  const form = (page: Landing, fields: Record<string, string>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `${page.path}/lead`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Miller',
        email: 'dana@example.com',
        service: 'Boiler repair',
        location: 'Tacoma',
        ts: freshStamp(page),
        ...fields,
      }).toString(),
    });

  it('keeps its keys in settings (the secret write-only), shows the widget and verifies the token with Turnstile', async () => {
    const page = await publishedLanding('Checked Heating');
    const cookie = page.owner.cookie;
    const plain = await t.app.inject({ method: 'GET', url: page.path });
    expect(plain.body).not.toContain('cf-turnstile');
    expect(plain.headers['content-security-policy']).not.toContain('script-src');

    const bad = await call(t.app, 'PUT', '/api/settings/turnstile', cookie, { siteKey: 'abc', secretKey: 'x' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, SETTINGS_MESSAGES.turnstileFormat.message]);
    const saved = await call(t.app, 'PUT', '/api/settings/turnstile', cookie, {
      siteKey: turnstile.siteKey,
      secretKey: turnstile.secretKey,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(turnstile.secretKey);
    expect(saved.json<TSettings>().turnstile).toMatchObject({
      siteKey: turnstile.siteKey,
      secretKey: { isSet: true },
      isConfigured: true,
    });
    // The secret belongs to its site key: another site key needs the secret typed again.
    const moved = await call(t.app, 'PUT', '/api/settings/turnstile', cookie, { siteKey: '0x4AAAAAAAother-site-key' });
    expect([moved.statusCode, moved.json().message]).toEqual([400, SETTINGS_MESSAGES.turnstileSecretAgain.message]);

    const shown = await t.app.inject({ method: 'GET', url: page.path });
    expect(shown.body).toContain(`<div class="cf-turnstile" data-sitekey="${turnstile.siteKey}"></div>`);
    expect(shown.body).toContain(`<script src="${turnstile.url}/turnstile/v0/api.js" async defer></script>`);
    expect(shown.headers['content-security-policy']).toContain(`script-src ${turnstile.url}`);
    expect(shown.headers['content-security-policy']).toContain(`frame-src ${turnstile.url}`);

    const missing = await form(page, {}, '10.24.0.1');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(LEAD_FORM_MESSAGES.challengeMissing);
    const forged = await form(page, { 'cf-turnstile-response': 'made-up-token' }, '10.24.0.2');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(LEAD_FORM_MESSAGES.challengeFailed);
    expect(await leadNames(cookie)).toEqual([]);

    const token = turnstile.issue();
    const ok = await form(page, { 'cf-turnstile-response': token }, '10.24.0.3');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(turnstile.verifications.at(-1)).toEqual({
      secret: turnstile.secretKey,
      response: token,
      remoteip: '10.24.0.3',
    });
    expect(await leadNames(cookie)).toEqual(['Dana Miller']);
    // Turnstile's tokens are single-use too.
    const replayed = await form(page, { 'cf-turnstile-response': token, name: 'Replay' }, '10.24.0.4');
    expect(replayed.statusCode).toBe(400);
    expect(await leadNames(cookie)).toEqual(['Dana Miller']);
  });

  it('stores the lead without an auto-reply when Turnstile cannot be asked, and the owner hears why', async () => {
    const page = await publishedLanding('Outage Heating');
    const keys = { siteKey: turnstile.siteKey, secretKey: turnstile.secretKey };
    expect((await call(t.app, 'PUT', '/api/settings/turnstile', page.owner.cookie, keys)).statusCode).toBe(200);
    turnstile.down = true;
    try {
      const outcome = await submit(
        page,
        { email: 'outage@example.com', ts: freshStamp(page), 'cf-turnstile-response': turnstile.issue() },
        '10.25.0.1',
      );
      expect(outcome.kind).toBe('created');
    } finally {
      turnstile.down = false;
    }
    expect(await autoRepliesTo('outage@example.com')).toEqual([]);
    const [notice] = await noticesTo(page.owner.email);
    expect(notice?.bodyText).toContain(LEAD_FORM_MESSAGES.challengeUnavailable);
  });
});
