import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '../fakes/oauth-server.ts';
import { FAKE_PLACES_KEY, startFakePlaces, type FakePlaces } from '../fakes/google-places-server.ts';
import { makeBusinessReviews, startFakeBusiness, type FakeBusiness } from '../fakes/google-business-server.ts';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';

describe.runIf(browserAvailable())(
  'an owner finds the business, answers a review on Google and flags a bad one',
  () => {
    let oauth: FakeOAuthServer;
    let places: FakePlaces;
    let business: FakeBusiness;
    // Registered before the app's hooks, so the fakes are up when the server reads its env.
    beforeAll(async () => {
      oauth = await startFakeOAuthServer();
      places = await startFakePlaces();
      business = await startFakeBusiness(makeBusinessReviews(12));
      await mkdir(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await Promise.all([oauth?.close(), places?.close(), business?.close()]);
    });
    const ctx = useAppInBrowser({
      env: () => ({
        ...fakeOAuthEnv(oauth.url),
        GOOGLE_PLACES_API_KEY: FAKE_PLACES_KEY,
        GOOGLE_PLACES_BASE_URL: places.url,
        GOOGLE_BUSINESS_REVIEWS_BASE_URL: business.url,
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
        await card.getByText(reply).waitFor();

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
  },
);
