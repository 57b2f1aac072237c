import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMailer } from '#server/mail/mailer.ts';
import { emailLogs, leads, memberships } from '#server/db/schema/index.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { ZSpeedToLead } from './lead-intake.service.ts';
import { sendSpeedToLead } from './speed-to-lead.ts';
import { call, onboard } from './website-test-helpers.ts';

const t = useTestApp();

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
    // Escaped, script-free, styled by our one stylesheet.
    expect(page.html).toContain('Cascade &lt;Comfort&gt; HVAC');
    expect(page.html).not.toMatch(/<script|<style/i);
    expect(page.html).toContain('/p/_/landing.css');
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
    expect(visit.body).toContain('<meta property="og:title"');
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
    const ts = String(Date.now() - 10_000);
    const person = { name: 'Maria Lopez', email: 'maria@example.com', service: 'AC tune-up', location: 'Tacoma', ts };
    const ok = await formPost(publicPath, { ...person, utm_source: 'flyer' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toContain('Thank you!');
    // A honeypot filled or a form sent within a second of loading is thanked but stored nowhere.
    expect((await formPost(publicPath, { ...person, name: 'Bot', website: 'spam.example' })).statusCode).toBe(200);
    expect((await formPost(publicPath, { ...person, name: 'Fast bot', ts: String(Date.now()) })).statusCode).toBe(200);
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

  it('speed to lead: the customer gets a reply in the business name and the owner is notified', async () => {
    const owner = await signUp(t.app, { businessName: 'Cascade Comfort' });
    const [membership] = await t.database.db
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, owner.userId));
    const data = ZSpeedToLead.parse({
      tenantId: membership?.tenantId,
      leadId: '00000000-0000-4000-8000-000000000000',
      pageTitle: 'AC tune-ups',
      businessName: 'Cascade Comfort',
      name: 'Maria',
      email: 'maria@example.com',
      phone: null,
      service: 'AC tune-up',
      location: 'Tacoma',
      submittedAt: Date.now() - 1500,
    });
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'test@example.com' } as never, t.database.db, {
      info() {},
      warn() {},
      error() {},
    } as never);
    const result = await sendSpeedToLead({ db: t.database.db, mailer, appUrl: 'http://localhost' }, data);
    expect(result).toMatchObject({ replied: true, notified: 1 });
    expect(result.elapsedMs).toBeLessThan(60_000);
    const mails = await t.database.db.select().from(emailLogs).where(eq(emailLogs.emailType, 'lead_auto_reply'));
    expect(mails.find((m) => m.recipientEmail === 'maria@example.com')?.subject).toBe(
      'Cascade Comfort got your request',
    );
    const notes = await t.database.db.select().from(emailLogs).where(eq(emailLogs.emailType, 'lead_notification'));
    expect(notes.map((m) => m.recipientEmail)).toContain(owner.email);
  });
});
