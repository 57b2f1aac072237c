import { describe, expect, it } from 'vitest';
import type { TLead, TLeadPage } from '#shared/schemas/leads.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { publishedPage, signedFormTime, submitLeadForm } from './lead-intake.service.ts';
import { websiteDeps } from './website.deps.ts';
import { call, publishLanding, recordingJobs } from '#tests/kits/website.ts';

const t = useTestApp();
const deps = () => ({ ...websiteDeps(t.app.deps), jobs: recordingJobs() });

/** A published landing page of a new business: its owner's cookie, the page id, title and address. */
async function publishedLanding() {
  const { cookie } = await signUp(t.app);
  return { cookie, ...(await publishLanding(t.app, cookie)) };
}

/** The hidden fields of the page's form, as a visitor's browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
  return fields;
}

const person = { name: 'Maria Lopez', phone: '+12535550100', service: 'Furnace tune-up', location: 'Tacoma' };
const leadsOf = async (cookie: string) => (await call(t.app, 'GET', '/api/leads', cookie)).json<TLeadPage>().leads;

describe('the landing form time check', () => {
  it('stamps the form with a signed time; a forged, missing or borrowed stamp stores nothing', async () => {
    const page = await publishedLanding();
    const other = await publishedLanding();
    const d = deps();
    const servedAt = Date.now() - 60_000;
    const html = (await publishedPage(d, page.business, page.slug, {}, 'http://app.test', { now: servedAt }))!.html;
    const { ts } = hiddenFields(html);
    expect(ts).toMatch(new RegExp(`^${servedAt}\\.[A-Za-z0-9_-]{43}$`));

    const send = (fields: Record<string, string>) =>
      submitLeadForm(d, page.business, page.slug, { ...person, ...fields }, '10.3.0.1', servedAt + 10_000);
    // A bot's own time (the old plain field), a changed time, a stamp of another page, or none:
    // thanked like a person, stored nowhere.
    const mac = ts!.split('.')[1]!;
    const otherStamp = signedFormTime(t.app.deps.secretBox, other.id, servedAt);
    for (const forged of [String(servedAt), `${servedAt - 5_000}.${mac}`, otherStamp, ''])
      expect((await send({ name: `Bot ${forged}`, ts: forged })).kind).toBe('ignored');
    // The real stamp, filled within 3 s of loading: still a bot.
    expect(
      (await submitLeadForm(d, page.business, page.slug, { ...person, ts }, '10.3.0.1', servedAt + 1_000)).kind,
    ).toBe('ignored');
    expect(await leadsOf(page.cookie)).toEqual([]);

    expect((await send({ ts: ts! })).kind).toBe('created');
    expect((await leadsOf(page.cookie)).map((l) => l.name)).toEqual(['Maria Lopez']);
  });

  it('over HTTP, a plain time a bot sets is thanked but not stored; the signed one makes the lead', async () => {
    const page = await publishedLanding();
    const post = (ts: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/p/${page.business}/${page.slug}/lead`,
        remoteAddress: '10.3.0.2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...person, name, ts }).toString(),
      });
    const forged = await post(String(Date.now() - 10_000), 'Fast bot');
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain('Thank you!');
    const signed = signedFormTime(t.app.deps.secretBox, page.id, Date.now() - 10_000);
    expect((await post(signed, 'Dana Miller')).statusCode).toBe(200);
    expect((await leadsOf(page.cookie)).map((l) => l.name)).toEqual(['Dana Miller']);
  });
});

describe('where a landing-page lead came from', () => {
  async function leadFrom(visit: { query?: Record<string, string>; referrer?: string }, ip: string) {
    const page = await publishedLanding();
    const d = deps();
    const servedAt = Date.now() - 30_000;
    const query = visit.query ?? {};
    const html = (await publishedPage(d, page.business, page.slug, query, 'http://app.test', {
      referrer: visit.referrer,
      now: servedAt,
    }))!.html;
    const fields = hiddenFields(html);
    expect((await submitLeadForm(d, page.business, page.slug, { ...person, ...fields }, ip, Date.now())).kind).toBe(
      'created',
    );
    const [lead] = await leadsOf(page.cookie);
    return { lead: lead as TLead, page, fields };
  }

  it('names the page the lead came from', async () => {
    const { lead, page, fields } = await leadFrom({ referrer: 'https://www.facebook.com/' }, '10.4.0.1');
    expect(fields.search).toBeUndefined();
    expect(lead).toMatchObject({ source: 'landing_page', sourcePage: page.title, sourceKeyword: null });
  });

  it('counts a Google or Bing visit without campaign tags as organic search, with utm_term as its keyword', async () => {
    const google = await leadFrom(
      { referrer: 'https://www.google.com/', query: { utm_term: 'furnace tune-up tacoma' } },
      '10.4.0.2',
    );
    expect(google.fields.search).toBe('google');
    expect(google.lead).toMatchObject({
      source: 'organic_search',
      sourceKeyword: 'furnace tune-up tacoma',
      sourcePage: google.page.title,
    });
    const bing = await leadFrom({ referrer: 'https://www.bing.com/' }, '10.4.0.3');
    expect(bing.lead).toMatchObject({ source: 'organic_search', sourceKeyword: null });
  });

  it('keeps a tagged campaign over the search referrer, and ignores other Google sites', async () => {
    const tagged = await leadFrom({ referrer: 'https://www.google.com/', query: { utm_source: 'flyer' } }, '10.4.0.4');
    expect(tagged.lead.source).toBe('landing_page');
    const mail = await leadFrom({ referrer: 'https://mail.google.com/' }, '10.4.0.5');
    expect(mail.fields.search).toBeUndefined();
    expect(mail.lead.source).toBe('landing_page');
  });
});
