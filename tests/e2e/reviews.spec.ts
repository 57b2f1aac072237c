import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
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
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';

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
      await mkdir(SHOTS, { recursive: true });
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

    async function connectGoogle(page: Page) {
      await page.goto('/settings?tab=connections');
      const google = page.getByRole('region', { name: 'Google', exact: true });
      await google.getByRole('button', { name: 'Connect Google' }).click();
      await page.waitForURL('**/settings?tab=connections&provider=google&outcome=connected');
      await google.getByLabel(/Rosa Plumbing — Downtown/).check();
      await google.getByRole('button', { name: 'Use this Business Profile location' }).click();
      await google.getByText('Healthy', { exact: true }).waitFor();
    }

    for (const width of [1280, 375]) {
      it(`at ${width} px: search → choose → generate → edit → post (Google receives it) → Replied; flag → dashboard task`, async () => {
        // Each run starts from the same unanswered reviews on "Google".
        business.reviews.splice(0, business.reviews.length, ...makeBusinessReviews(12));
        const page = await ctx.newPage(width);
        const shot = (name: string) =>
          page.screenshot({ path: `${SHOTS}/reviews-${name}-${width}.png`, fullPage: true });
        await register(page, {
          firstName: 'Rosa',
          lastName: 'Alvarez',
          email: `rosa.reviews.${width}@example.com`,
          password: 'Leaky-Faucet-2049!',
        });
        await connectGoogle(page);

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
        await page.getByText('Follow up on 2-star review from Customer 4').waitFor();

        // The chosen business is remembered; the templates hint target opens the templates.
        await page.goto('/reviews?action=templates');
        await page.getByRole('dialog', { name: 'Reply templates' }).waitFor();
        await page.getByLabel('Template name').fill('Thanks');
        await page.getByRole('button', { name: 'Save Template' }).click();
        await page.getByRole('list', { name: 'Saved templates' }).getByText('Thanks', { exact: true }).waitFor();
        await shot('templates');
        await page.getByRole('dialog', { name: 'Reply templates' }).getByRole('button', { name: 'Close' }).click();
        await page.waitForURL('**/reviews');
        await page.getByRole('heading', { name: 'Rosa Plumbing', exact: true }).waitFor();
        expect(page.errors).toEqual([]);
        await page.close();
      });
    }

    for (const width of [1280, 375]) {
      it(`at ${width} px: a converted lead gets a review request by text; the customer opens the link; the funnel counts it`, async () => {
        const page = await ctx.newPage(width);
        // Reviewers' photos come from Google's image host, which the test (offline) stands in for.
        const PIXEL = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
        await page.route(
          (url) => url.hostname.endsWith('googleusercontent.com'),
          (route) => route.fulfill({ contentType: 'image/gif', body: PIXEL }),
        );
        const shot = (name: string) =>
          page.screenshot({ path: `${SHOTS}/reviews-${name}-${width}.png`, fullPage: true });
        await register(page, {
          firstName: 'Rosa',
          lastName: 'Alvarez',
          email: `rosa.requests.${width}@example.com`,
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
        await page.goto('/settings?tab=sms');
        const sms = page.getByRole('region', { name: 'SMS (Twilio)' });
        await sms.getByLabel('Account SID').fill(twilio.options.accountSid);
        await sms.getByLabel('Auth token').fill(twilio.options.authToken);
        await sms.getByLabel('Phone number').fill('+15005550006');
        await sms.getByRole('button', { name: 'Save SMS Settings' }).click();
        await page.getByText('SMS Connected').first().waitFor();
        // Where Twilio must send replies (STOP), with a Copy button.
        await sms.getByText(/\/api\/reviews\/sms\/inbound$/).waitFor();
        await sms.getByRole('button', { name: 'Copy webhook URL' }).waitFor();
        await shot('settings-sms');

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
        await settings.getByLabel('When').selectOption({ label: 'Right away' });
        await settings.getByRole('button', { name: 'Save Settings' }).click();
        await page.getByText(/^Automatic: as soon as a lead is converted/).waitFor();

        // The job is done: the lead is converted on /leads.
        const phone = width === 1280 ? '(512) 555-0128' : '(512) 555-0137';
        const e164 = `+1${phone.replace(/\D/g, '')}`;
        await page.goto('/leads');
        await page.getByRole('button', { name: 'Add Lead' }).click();
        const add = page.getByRole('dialog', { name: 'Add Lead' });
        await add.getByLabel('Name').fill('Maria Lopez');
        await add.getByLabel('Phone (optional)').fill(phone);
        await add.getByLabel('Service').fill('Water heater replacement');
        await add.getByLabel('Location').fill('Austin, TX');
        await add.getByRole('button', { name: 'Add Lead' }).click();
        await add.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Convert for Maria Lopez' }).click();
        // Converting asks what the job was worth (leads area).
        const convert = page.getByRole('dialog', { name: 'Convert Maria Lopez' });
        await convert.getByLabel('Job value').fill('450');
        await convert.getByRole('button', { name: 'Convert Lead' }).click();
        await convert.waitFor({ state: 'detached' });
        await page.getByRole('article', { name: 'Maria Lopez' }).getByText('Converted', { exact: true }).waitFor();

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
        expect(opened.headers().location).toBe(
          'https://search.google.com/local/writereview?placeid=ChIJrosaplumbing01',
        );
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
        await page.getByRole('button', { name: 'Request a review' }).click();
        await page.getByRole('dialog', { name: 'Request a review' }).waitFor();
        await shot('request-dialog');
        expect(page.errors).toEqual([]);
        await page.close();
      });
    }
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
  for (let i = 0; i < 60; i++) {
    const found = twilio.messages.find((m) => m.to === to);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no text to ${to}; sent: ${JSON.stringify(twilio.messages)}`);
}
