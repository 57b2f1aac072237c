import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { emailLogs, leads, memberships } from '#server/db/schema/index.ts';
import { ZLandingPageContent } from '#shared/schemas/website.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { signedFormTime, ZSpeedToLead } from './lead-intake.service.ts';
import { sendSpeedToLead } from './speed-to-lead.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { startFakeTwilio } from '#tests/fakes/twilio-server.ts';
import { call, onboard, speedToLeadDeps } from '#tests/kits/website.ts';

const twilio = await startFakeTwilio();
// A model that is asked only when a test scripts its answer; unscripted, it fails and the offline builder answers.
const llm = await startFakeLlm();
const t = useTestApp({
  config: {
    TWILIO_API_BASE_URL: twilio.url,
    OUTBOUND_ALLOW: '127.0.0.1',
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
  },
});
afterAll(async () => {
  await twilio.close();
  await llm.close();
});

async function buildPage(cookie: string, userPrompt = 'A spring AC tune-up page with 15% off') {
  const res = await call(t.app, 'POST', '/api/ai/generate-landing-page', cookie, { messages: [], userPrompt });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const formPost = (path: string, fields: Record<string, string>, ip = '10.1.2.3') =>
  t.app.inject({
    method: 'POST',
    url: `${path}/lead`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('landing pages by chat', () => {
  it('builds a structured page from the profile and the request, renders it with our template, and refines it', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie, 'Cascade <Comfort> HVAC');
    const first = await buildPage(owner.cookie);
    expect(first.source).toBe('offline');
    const page = first.landingPage;
    expect(page.page.offer.heading).toContain('15% off');
    expect(page.page.faq.items[0].answer).toContain('Tacoma, Puyallup and Lakewood');
    // No invented reviews.
    expect(page.page.reviews.items).toEqual([]);
    // Escaped, script-free, styled by our one stylesheet, in the page.
    expect(page.html).toContain('Cascade &lt;Comfort&gt; HVAC');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html.match(/<style>/g)).toHaveLength(1);
    expect(page.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);

    const again = await call(t.app, 'POST', '/api/ai/generate-landing-page', owner.cookie, {
      messages: page.messages,
      userPrompt: 'Make it about furnace replacement instead',
      landingPageId: page.id,
    });
    expect(again.json().landingPage).toMatchObject({ id: page.id });
    expect(again.json().landingPage.messages).toHaveLength(4);
    const list = (await call(t.app, 'GET', '/api/website/landing-pages', owner.cookie)).json();
    expect(list.pages).toHaveLength(1);
  });

  it("turns down a model's page that fails the schema: the offline builder's page comes back instead", async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    const offline = (await buildPage(owner.cookie)).landingPage;
    llm.reset();

    // Sections missing, and a field that is not text: the schema refuses it.
    llm.script({ object: { title: 'Model page', hero: { headline: 42 } } });
    const invalid = await buildPage(owner.cookie, 'A furnace replacement page');
    expect(llm.requests).toHaveLength(1);
    expect(invalid.source).toBe('offline');
    expect(ZLandingPageContent.safeParse(invalid.landingPage.page).success).toBe(true);
    expect(invalid.landingPage.title).not.toBe('Model page');
    expect(invalid.landingPage.html).toContain('Cascade Comfort HVAC');

    // The same request with a page that passes is used as the model wrote it.
    llm.script({ object: { ...offline.page, title: 'Model page' } });
    const valid = await buildPage(owner.cookie, 'A furnace replacement page');
    expect(valid.source).toBe('ai');
    expect(valid.landingPage.title).toBe('Model page');
  });

  it("refuses a blank message; another business's page is a 404", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const blank = await call(t.app, 'POST', '/api/ai/generate-landing-page', a.cookie, { userPrompt: '  ' });
    expect(blank.statusCode).toBe(400);
    const page = (await buildPage(a.cookie)).landingPage;
    expect((await call(t.app, 'GET', `/api/website/landing-pages/${page.id}`, b.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/website/landing-pages/${page.id}/publish`, b.cookie)).statusCode).toBe(404);
    const refine = await call(t.app, 'POST', '/api/ai/generate-landing-page', b.cookie, {
      userPrompt: 'x',
      landingPageId: page.id,
    });
    expect(refine.statusCode).toBe(404);
  });
});

describe('published landing pages', () => {
  it('serves the page to visitors with Open Graph tags and a strict CSP, and unpublishing takes it down', async () => {
    const owner = await signUp(t.app);
    const page = (await buildPage(owner.cookie)).landingPage;
    const unpublished = await call(t.app, 'GET', `/api/website/landing-pages/${page.id}`, owner.cookie);
    expect(unpublished.json().publicPath).toBeNull();
    const published = (await call(t.app, 'POST', `/api/website/landing-pages/${page.id}/publish`, owner.cookie)).json();
    expect(published.publicPath).toMatch(/^\/p\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const visit = await t.app.inject({
      method: 'GET',
      url: `${published.publicPath}?utm_source=flyer&utm_campaign="x"`,
    });
    expect(visit.statusCode).toBe(200);
    expect(visit.headers['content-type']).toContain('text/html');
    expect(visit.headers['content-security-policy']).toContain("default-src 'none'");
    // The browser applies the page's stylesheet: the CSP names it by its hash.
    const style = /<style>([^<]*)<\/style>/.exec(visit.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(visit.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
    expect(visit.body).toContain('<meta property="og:title"');
    // The visit's tags stay out of the address search engines keep.
    expect(visit.body).toContain(`<link rel="canonical" href="${t.app.deps.config.appUrl}${published.publicPath}">`);
    expect(visit.body).toContain('name="utm_source" value="flyer"');
    expect(visit.body).toContain('value="&quot;x&quot;"');
    expect(visit.body).not.toContain('<script');
    const css = await t.app.inject({ method: 'GET', url: '/p/_/landing.css' });
    expect(css.headers['content-type']).toContain('text/css');

    await call(t.app, 'POST', `/api/website/landing-pages/${page.id}/unpublish`, owner.cookie);
    expect((await t.app.inject({ method: 'GET', url: published.publicPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/p/nobody/nothing' })).statusCode).toBe(404);
  });

  it('turns a form post into a lead with its source and UTM tags; bots and floods are turned away', async () => {
    const owner = await signUp(t.app);
    const page = (await buildPage(owner.cookie)).landingPage;
    const { publicPath } = (
      await call(t.app, 'POST', `/api/website/landing-pages/${page.id}/publish`, owner.cookie)
    ).json();
    // The form's signed time, as the page served it ten seconds ago.
    const ts = signedFormTime(t.app.deps.secretBox, page.id, Date.now() - 10_000);
    const person = { name: 'Maria Lopez', email: 'maria@example.com', service: 'AC tune-up', location: 'Tacoma', ts };
    const ok = await formPost(publicPath, { ...person, utm_source: 'flyer' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toContain('Thank you!');
    // A honeypot filled or a form sent within a second of loading is thanked but stored nowhere.
    expect((await formPost(publicPath, { ...person, name: 'Bot', website: 'spam.example' })).statusCode).toBe(200);
    expect(
      (
        await formPost(publicPath, {
          ...person,
          name: 'Fast bot',
          ts: signedFormTime(t.app.deps.secretBox, page.id, Date.now()),
        })
      ).statusCode,
    ).toBe(200);
    const noContact = await formPost(publicPath, { ...person, email: '' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.body).toContain('phone number or an email');

    const rows = await t.database.db
      .select()
      .from(leads)
      .where(eq(leads.source, `landing:${page.id}`));
    expect(rows.map((r) => r.name)).toEqual(['Maria Lopez']);
    expect(rows[0]?.utm).toEqual({ utm_source: 'flyer' });
    const list = (await call(t.app, 'GET', '/api/leads', owner.cookie)).json();
    expect(list.leads.map((l: { name: string }) => l.name)).toEqual(['Maria Lopez']);

    // Per address: five leads in ten minutes, then a readable refusal.
    for (let i = 0; i < 4; i += 1) await formPost(publicPath, { ...person, name: `P${i}` }, '10.7.7.7');
    const flood = await formPost(publicPath, { ...person, name: 'P5' }, '10.7.7.7');
    expect(flood.statusCode).toBe(200);
    const over = await formPost(publicPath, { ...person, name: 'P6' }, '10.7.7.7');
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('Too many attempts');
  });

  const speedDeps = () => speedToLeadDeps(t.app, t.database.db, twilio.url);

  async function speedLead(businessName: string, person: { email: string | null; phone: string | null }) {
    const owner = await signUp(t.app, { businessName });
    const [membership] = await t.database.db
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, owner.userId));
    const data = ZSpeedToLead.parse({
      tenantId: membership?.tenantId,
      leadId: '00000000-0000-4000-8000-000000000000',
      pageTitle: 'AC tune-ups',
      businessName,
      name: 'Maria Lopez',
      ...person,
      service: 'AC tune-up',
      location: 'Tacoma',
      submittedAt: Date.now() - 1500,
      // What the form's guard allowed (lead-guard.db.test.ts tests that part).
      reply: { email: true, sms: true, held: null, day: '2026-11-27', limit: 50 },
    });
    return { owner, data };
  }

  const mailsTo = async (type: string, to: string) =>
    (await t.database.db.select().from(emailLogs).where(eq(emailLogs.emailType, type))).filter(
      (m) => m.recipientEmail === to,
    );

  it('speed to lead: the customer gets an email reply in the business name and the owner is notified', async () => {
    const { owner, data } = await speedLead('Cascade Comfort', { email: 'maria@example.com', phone: null });
    const result = await sendSpeedToLead(speedDeps(), data);
    expect(result).toMatchObject({ replied: true, sms: 'no_phone', notified: 1 });
    expect(result.elapsedMs).toBeLessThan(60_000);
    expect((await mailsTo('lead_auto_reply', 'maria@example.com'))[0]?.subject).toBe(
      'Cascade Comfort got your request',
    );
    expect(await mailsTo('lead_notification', owner.email)).toHaveLength(1);
  });

  it('speed to lead counts the time from the submission until the reply has gone out', async () => {
    const { data } = await speedLead('Slow Mail Heating', { email: 'sam@example.com', phone: null });
    const deps = speedDeps();
    const send = deps.mailer.send.bind(deps.mailer);
    // The clock stands still except while the customer's reply is being sent, which takes 30 s.
    vi.useFakeTimers({ toFake: ['Date'], now: data.submittedAt + 1000 });
    try {
      deps.mailer.send = async (mail) => {
        const sent = await send(mail);
        if (mail.type === 'lead_auto_reply') vi.setSystemTime(Date.now() + 30_000);
        return sent;
      };
      const result = await sendSpeedToLead(deps, data);
      expect(result).toMatchObject({ replied: true, elapsedMs: 31_000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('speed to lead by text: a customer who left a mobile number is texted from the business number at once', async () => {
    const { owner, data } = await speedLead('Harbor Heating', { email: null, phone: '(253) 555-0142' });
    // Without Twilio in Settings → SMS nobody can be texted, and the owner is told how to fix it.
    const before = await sendSpeedToLead(speedDeps(), data);
    expect(before).toMatchObject({ replied: false, sms: 'sms_not_set_up' });
    expect(twilio.messages.filter((m) => m.to === '+12535550142')).toHaveLength(0);
    const [notice] = await mailsTo('lead_notification', owner.email);
    expect(notice?.subject).toBe('New lead: Maria Lopez (AC tune-up)');

    const { accountSid, authToken } = twilio.options;
    const saved = await call(t.app, 'PUT', '/api/settings/sms', owner.cookie, {
      accountSid,
      authToken,
      phoneNumber: '+15005550006',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await sendSpeedToLead(speedDeps(), data);
    expect(after).toMatchObject({ replied: true, sms: 'sent' });
    const texts = twilio.messages.filter((m) => m.to === '+12535550142');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ from: '+15005550006' });
    expect(texts[0]?.body).toBe(
      'Hi Maria, thanks for contacting Harbor Heating. We got your request and will call you shortly. Reply STOP to opt out.',
    );

    // A customer who replied STOP to this number before is not texted again; the owner still hears of the lead.
    twilio.refuse.set('+12535550142', 21610);
    const optedOut = await sendSpeedToLead(speedDeps(), data);
    expect(optedOut).toMatchObject({ replied: false, sms: 'opted_out', notified: 1 });
    expect(twilio.messages.filter((m) => m.to === '+12535550142')).toHaveLength(1);
    twilio.refuse.delete('+12535550142');
  });
});
