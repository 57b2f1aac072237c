import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '../fakes/oauth-server.ts';
import {
  FAKE_PLACES_KEY,
  FAKE_TENANT_PLACES_KEY,
  startFakePlaces,
  type FakePlaces,
} from '../fakes/google-places-server.ts';
import { makeBusinessReviews, startFakeBusiness, type FakeBusiness } from '../fakes/google-business-server.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio-server.ts';
import { connectGoogle, signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, phoneCheckpoint, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())(
  'an owner finds the business, answers a review on Google and flags a bad one',
  () => {
    let oauth: FakeOAuthServer;
    let places: FakePlaces;
    let business: FakeBusiness;
    let twilio: FakeTwilio;
    // Registered before the app's hooks, so the fakes are up when the server reads its env.
    beforeAll(async () => {
      oauth = await startFakeOAuthServer();
      places = await startFakePlaces();
      business = await startFakeBusiness(makeBusinessReviews(12));
      twilio = await startFakeTwilio();
      await mkdir(SCREENSHOTS, { recursive: true });
    });
    afterAll(async () => {
      await Promise.all([oauth?.close(), places?.close(), business?.close(), twilio?.close()]);
    });
    const ctx = useAppInBrowser({
      env: () => ({
        ...fakeOAuthEnv(oauth.url),
        GOOGLE_PLACES_API_KEY: FAKE_PLACES_KEY,
        GOOGLE_PLACES_BASE_URL: places.url,
        GOOGLE_BUSINESS_REVIEWS_BASE_URL: business.url,
        TWILIO_API_BASE_URL: twilio.url,
        // The Twilio fake listens on 127.0.0.1, which the SSRF guard refuses unless allowed.
        OUTBOUND_ALLOW: '127.0.0.1',
      }),
    });

    /** The phone check of `page` as it stands, then back to the desktop for the next steps. */
    const fitsPhone = (page: Page, name: string, keyControl: Locator) =>
      phoneCheckpoint(page, `reviews-${name}`, keyControl);

    it('search → choose → generate → edit → post (Google receives it) → Replied; flag → dashboard task; each screen fits a phone', async () => {
      const page = await ctx.newPage();
      const shot = (name: string) =>
        page.screenshot({ path: `${SCREENSHOTS}/reviews-${name}-1280.png`, fullPage: true });
      await signUpByApi(page, ctx.server.url, {
        firstName: 'Rosa',
        lastName: 'Alvarez',
        email: 'rosa.reviews@example.com',
        password: 'Leaky-Faucet-2049!',
      });
      await connectGoogle(page);
      await fitsPhone(
        page,
        'google-card',
        page.getByRole('region', { name: 'Google', exact: true }).getByRole('button', { name: 'Check now' }),
      );

      await page.goto('/reviews');
      const input = page.getByLabel('Business name');
      await input.fill('Rosa Plumbing');
      await input.press('Enter');
      const results = page.getByRole('list', { name: 'Search results' });
      await results.getByText('Rosa Plumbing Eastside').waitFor();
      // Rating to one decimal and the review count.
      await results.getByText('4.6').waitFor();
      await results.getByText('(38 reviews)').waitFor();
      await shot('search');
      await fitsPhone(page, 'search', page.getByRole('button', { name: 'Choose Rosa Plumbing', exact: true }));
      await page.getByRole('button', { name: 'Choose Rosa Plumbing', exact: true }).click();

      // Every synced review of the connected Business Profile, with the three stat cards.
      await page.getByRole('heading', { name: 'Rosa Plumbing', exact: true }).waitFor();
      await page.getByText('live data').waitFor();
      const loaded = page.locator('dl div', { hasText: 'Reviews Loaded' });
      await loaded.getByText('12', { exact: true }).waitFor();
      await page.getByText('Response rate:').waitFor();
      await page.getByRole('button', { name: 'Sync now' }).waitFor();
      await shot('list');

      const card = page.getByRole('article', { name: 'Review from Customer 1', exact: true });
      await card.getByRole('button', { name: 'Generate Response' }).click();
      await page.getByText('Response Generated').first().waitFor();
      await card.getByText(/^Thank you for the 5-star review, Customer!/).waitFor();
      await card.getByRole('button', { name: 'Edit' }).click();
      const reply = 'Thank you, Customer! Glad the boiler is sorted. — Rosa Plumbing';
      await card.getByLabel('Your response').fill(reply);
      await shot('draft');
      // Answering on a phone: the editor and its Post button fit the card.
      await fitsPhone(page, 'draft', card.getByRole('button', { name: 'Post Response' }));
      await card.getByRole('button', { name: 'Post Response' }).click();
      await card.getByText(/^Replied [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
      expect(business.replies.at(-1)).toMatchObject({ reviewId: 'AbFv00000', comment: reply });
      // The posted reply is on the card (the editor may still hold the same text while it closes).
      await card.locator('p', { hasText: reply }).waitFor();

      // A 2-star review: Flag for Follow-up puts a task on the dashboard.
      const low = page.getByRole('article', { name: 'Review from Customer 4', exact: true });
      await low.getByRole('button', { name: 'Flag for Follow-up' }).click();
      await low.getByText('Flagged for follow-up').waitFor();
      await shot('flagged');
      await page.goto('/dashboard');
      const task = page.getByText('Follow up on 2-star review from Customer 4');
      await task.waitFor();
      await fitsPhone(page, 'dashboard-task', task);

      // The chosen business is remembered; the templates hint target opens the templates.
      await page.goto('/reviews?action=templates');
      const templates = page.getByRole('dialog', { name: 'Reply templates' });
      await templates.waitFor();
      await page.getByLabel('Template name').fill('Thanks');
      await page.getByRole('button', { name: 'Save Template' }).click();
      await page.getByRole('list', { name: 'Saved templates' }).getByText('Thanks', { exact: true }).waitFor();
      await shot('templates');
      await fitsPhone(page, 'templates', templates.getByRole('button', { name: 'Save Template' }));
      await templates.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL('**/reviews');
      await page.getByRole('heading', { name: 'Rosa Plumbing', exact: true }).waitFor();
      expect(page.errors).toEqual([]);

      // The list on a phone: the replied and the flagged review, each card whole.
      await low.getByText('Flagged for follow-up').waitFor();
      await expectFitsPhone(page, 'reviews-list', card);
      await page.close();
    });

    it('a converted lead gets a review request by text; the customer opens the link; the funnel counts it; each screen fits a phone', async () => {
      const page = await ctx.newPage();
      // Reviewers' photos come from Google's image host, which the test (offline) stands in for.
      const PIXEL = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
      await page.route(
        (url) => url.hostname.endsWith('googleusercontent.com'),
        (route) => route.fulfill({ contentType: 'image/gif', body: PIXEL }),
      );
      const shot = (name: string) =>
        page.screenshot({ path: `${SCREENSHOTS}/reviews-${name}-1280.png`, fullPage: true });
      await signUpByApi(page, ctx.server.url, {
        firstName: 'Rosa',
        lastName: 'Alvarez',
        email: 'rosa.requests@example.com',
        password: 'Leaky-Faucet-2049!',
      });
      // Texts go out between 9 am and 8 pm in the business's zone: pick one where it is daytime now.
      await page.goto('/settings?tab=business');
      await page.getByLabel('Timezone').selectOption(daytimeZone());
      await page.getByRole('button', { name: 'Save Business Profile' }).click();
      await page.getByText('Business Profile Saved').first().waitFor();
      // The business's own Places key (Settings → Business): saved write-only, shown masked.
      const placesCard = page.getByRole('region', { name: 'Google Places API key (optional)' });
      await placesCard.getByLabel('Places API key', { exact: true }).fill(FAKE_TENANT_PLACES_KEY);
      await placesCard.getByRole('button', { name: 'Save Places Key' }).click();
      await page.getByText('Places Key Saved').first().waitFor();
      await expect
        .poll(() => placesCard.getByLabel('Places API key', { exact: true }).getAttribute('placeholder'))
        .toBe(`••••••••${FAKE_TENANT_PLACES_KEY.slice(-4)}`);
      await placesCard.scrollIntoViewIfNeeded();
      await shot('settings-places');
      await fitsPhone(page, 'settings-places', placesCard.getByRole('button', { name: 'Save Places Key' }));
      await page.goto('/settings?tab=sms');
      const sms = page.getByRole('region', { name: 'SMS (Twilio)' });
      await sms.getByLabel('Account SID').fill(twilio.options.accountSid);
      await sms.getByLabel('Auth token').fill(twilio.options.authToken);
      await sms.getByLabel('Phone number').fill('+15005550006');
      await sms.getByRole('button', { name: 'Save SMS Settings' }).click();
      await page.getByText('SMS Connected').first().waitFor();
      // Where Twilio must send customers' texts (replies, STOP), with a Copy button.
      await sms.getByText(/\/api\/webhooks\/twilio\/sms$/).waitFor();
      await sms.getByRole('button', { name: 'Copy messaging webhook URL' }).waitFor();
      await shot('settings-sms');
      await fitsPhone(page, 'settings-sms', sms.getByRole('button', { name: 'Copy messaging webhook URL' }));

      await page.goto('/reviews');
      await page.getByLabel('Business name').fill('Rosa Plumbing');
      await page.getByLabel('Business name').press('Enter');
      await page.getByRole('button', { name: 'Choose Rosa Plumbing', exact: true }).waitFor();
      // The search went to Google with the business's own key, not the operator's.
      expect(places.calls.at(-1)!.apiKey).toBe(FAKE_TENANT_PLACES_KEY);
      await page.getByRole('button', { name: 'Choose Rosa Plumbing', exact: true }).click();
      await page.getByRole('heading', { name: 'Review requests' }).waitFor();
      await page.getByRole('button', { name: 'Request settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Review request settings' });
      await settings.getByLabel('When').waitFor();
      await fitsPhone(page, 'request-settings', settings.getByRole('button', { name: 'Save Settings' }));
      await settings.getByLabel('When').selectOption({ label: 'Right away' });
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText(/^Automatic: as soon as a lead is converted/).waitFor();

      // The job is done: the lead is converted on /leads (reached in the running app: a fresh
      // load of /leads is server-rendered, and a click before it hydrates would be lost).
      const phone = '(512) 555-0128';
      const e164 = `+1${phone.replace(/\D/g, '')}`;
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Leads' }).click();
      await page.waitForURL('**/leads');
      await page.getByRole('button', { name: 'Add Lead' }).click();
      const add = page.getByRole('dialog', { name: 'Add Lead' });
      await add.getByLabel('Name').fill('Maria Lopez');
      await add.getByLabel('Phone (optional)').fill(phone);
      await add.getByLabel('Service').fill('Water heater replacement');
      await add.getByLabel('Location').fill('Austin, TX');
      await fitsPhone(page, 'add-lead', add.getByRole('button', { name: 'Add Lead' }));
      await add.getByRole('button', { name: 'Add Lead' }).click();
      await add.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Convert for Maria Lopez' }).click();
      // Converting asks what the job was worth (leads area).
      const convert = page.getByRole('dialog', { name: 'Convert Maria Lopez' });
      await convert.getByLabel('Job value').fill('450');
      await fitsPhone(page, 'convert', convert.getByRole('button', { name: 'Convert Lead' }));
      await convert.getByRole('button', { name: 'Convert Lead' }).click();
      await convert.waitFor({ state: 'detached' });
      const maria = page.getByRole('article', { name: 'Maria Lopez' });
      await maria.getByText('Converted', { exact: true }).waitFor();
      await fitsPhone(page, 'lead-converted', maria);

      // The worker texts her through Twilio with the tracked link.
      const text = await smsTo(twilio, e164);
      expect(text.body).toMatch(/^Hi Maria, thank you for choosing Rosa Plumbing! /);
      const link = /(http:\/\/\S+\/r\/[A-Za-z0-9_-]+)/.exec(text.body)?.[1];
      expect(link).toBeDefined();

      // Maria opens it on her phone (no account): the app counts the click and sends her on to
      // Google's review page (the redirect is checked, not followed: the test has no internet).
      const customer = await ctx.newPage(375);
      const opened = await customer.request.get(link!, { maxRedirects: 0 });
      expect(opened.status()).toBe(302);
      expect(opened.headers().location).toBe('https://search.google.com/local/writereview?placeid=ChIJrosaplumbing01');
      await customer.close();

      // The funnel counts the request and the click; the request shows its delivery.
      await page.goto('/reviews');
      const funnel = page.getByRole('list', { name: 'Review request funnel' });
      await funnel.getByLabel('Requests sent: 1').waitFor();
      await funnel.getByLabel('Clicked: 1').waitFor();
      const recent = page.getByRole('list', { name: 'Recent review requests' });
      await recent.getByText('Maria Lopez').waitFor();
      await recent.getByText('Link opened').waitFor();
      await recent.getByText('Text queued').waitFor();
      await page.getByRole('heading', { name: 'Review requests' }).scrollIntoViewIfNeeded();
      await shot('requests');
      await fitsPhone(page, 'requests', page.getByRole('button', { name: 'Request a review' }));
      await page.getByRole('button', { name: 'Request a review' }).click();
      const request = page.getByRole('dialog', { name: 'Request a review' });
      await request.waitFor();
      await shot('request-dialog');
      expect(page.errors).toEqual([]);
      await expectFitsPhone(page, 'reviews-request-dialog', request.getByRole('button', { name: 'Send Request' }));
      await page.close();
    });
  },
);

/** A time zone where it is between 10 am and 6 pm right now, so a text is not held for the send window. */
function daytimeZone(): string {
  // Names every ICU lists as they are (not Asia/Kolkata, which Chromium calls Asia/Calcutta), covering the clock.
  const zones = [
    'Pacific/Honolulu',
    'America/Los_Angeles',
    'America/Chicago',
    'America/New_York',
    'America/Sao_Paulo',
    'Europe/London',
    'Europe/Berlin',
    'Europe/Athens',
    'Europe/Moscow',
    'Asia/Dubai',
    'Asia/Karachi',
    'Asia/Dhaka',
    'Asia/Bangkok',
    'Asia/Singapore',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Pacific/Auckland',
  ];
  const hour = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const zone = zones.find((z) => hour(z) >= 10 && hour(z) < 18);
  if (!zone) throw new Error('no daytime zone in the list');
  return zone;
}

/** Waits (up to 30 s) for the Twilio fake to receive a text to `to`: the background jobs send it. */
async function smsTo(twilio: FakeTwilio, to: string) {
  const find = () => twilio.messages.find((m) => m.to === to);
  try {
    await expect.poll(find, { timeout: 30_000, interval: 250 }).toBeDefined();
  } catch {
    throw new Error(`no text to ${to}; sent: ${JSON.stringify(twilio.messages)}`);
  }
  return find()!;
}
