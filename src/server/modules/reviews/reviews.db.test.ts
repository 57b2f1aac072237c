import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TReview, TReviewList } from '#shared/schemas/reviews.ts';
import { userOnboarding } from '#server/db/schema/index.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { FAKE_PLACES_KEY, FAKE_TENANT_PLACES_KEY, startFakePlaces } from '#tests/fakes/google-places-server.ts';
import { makeBusinessReviews, startFakeBusiness } from '#tests/fakes/google-business-server.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { reviewsDeps } from './reviews.deps.ts';
import * as reviews from './reviews.service.ts';
import { syncAllReviews } from './reviews-sync.service.ts';

// Reviews end to end through the API against local fakes of Places (New), the Business Profile
// reviews API and an LLM: search, choose, sync every page, generate, post, flag, templates.
const places = await startFakePlaces();
const TOKEN = 'ya29.fake-access-token';
const businessReviews = makeBusinessReviews(120);
const business = await startFakeBusiness(businessReviews, TOKEN);
const llm = await startFakeLlm();
afterAll(() => Promise.all([places.close(), business.close(), llm.close()]));

const t = useTestApp({
  config: {
    GOOGLE_PLACES_API_KEY: FAKE_PLACES_KEY,
    GOOGLE_PLACES_BASE_URL: places.url,
    GOOGLE_BUSINESS_REVIEWS_BASE_URL: business.url,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
  },
});
beforeEach(() => llm.reset());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A Google connection with a chosen location, as the OAuth flow leaves it. */
async function connectGoogle(owner: SignedUp, token = TOKEN) {
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await upsertConnection(t.database.db, tenantId, 'google', {
    source: 'oauth',
    status: 'healthy',
    accessToken: t.app.deps.secretBox.seal(token, `connection:${tenantId}:google:access`),
    externalAccountId: 'accounts/111/locations/222',
    accountName: 'Rosa Plumbing — Downtown',
    scopes: ['https://www.googleapis.com/auth/business.manage'],
  });
  return tenantId;
}

describe('business search and the chosen business', () => {
  it('searches Places with a field mask, retries a 429, remembers the chosen business and its reviews', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    expect((await call('GET', '/api/places/status', owner.cookie)).json()).toEqual({ configured: true });
    places.failNext(429);
    const before = places.calls.length;
    const search = await call('GET', '/api/places/search?q=rosa%20plumbing', owner.cookie);
    expect(search.statusCode, search.body).toBe(200);
    expect(places.calls.length - before).toBe(2);
    expect(places.calls.at(-1)!.fieldMask).toContain('places.userRatingCount');
    // maxResultCount, which both published descriptions take (pageSize is not in the 2026 proto).
    expect(places.calls.at(-1)!.body).toMatchObject({ textQuery: 'rosa plumbing', maxResultCount: 5 });
    expect(search.json()).toMatchObject({
      demo: false,
      results: [{ place_id: 'ChIJrosaplumbing01', name: 'Rosa Plumbing', rating: 4.57, user_ratings_total: 38 }, {}],
    });
    expect((await call('GET', '/api/places/search?q=zzzz', owner.cookie)).json().results).toEqual([]);

    const chosen = await call('PUT', '/api/reviews/business', owner.cookie, { placeId: 'ChIJrosaplumbing01' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The next visit opens on it.
    const overview = (await call('GET', '/api/reviews/business', owner.cookie)).json();
    expect(overview).toMatchObject({ business: { name: 'Rosa Plumbing', rating: 4.6, ratingCount: 38 }, demo: false });
    const list: TReviewList = (await call('GET', '/api/reviews', owner.cookie)).json();
    expect(list.liveData).toBe(true);
    expect(list.analytics).toMatchObject({ averageRating: 4.6, totalReviewCount: 38, responseRate: 0 });
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).toMatchObject({
      reviewerName: 'Jane Doe',
      reviewerPhotoUrl: 'https://lh3.googleusercontent.com/a/jane',
      rating: 5,
      canPost: false,
    });
    // Choosing again does not duplicate; Change Business forgets it.
    await call('PUT', '/api/reviews/business', owner.cookie, { placeId: 'ChIJrosaplumbing01' });
    expect((await call('GET', '/api/reviews', owner.cookie)).json().reviews).toHaveLength(1);
    expect((await call('DELETE', '/api/reviews/business', owner.cookie)).json().business).toBeNull();
    expect((await call('GET', '/api/reviews', owner.cookie)).json().reviews).toEqual([]);
    // An unknown place is a readable 404.
    const missing = await call('PUT', '/api/reviews/business', owner.cookie, { placeId: 'ChIJnothere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('That business was not found on Google.');
  });

  it('without a key, sample businesses and reviews are flagged demo and never counted on the dashboard', async () => {
    const owner = await signUp(t.app);
    const deps = reviewsDeps(t.app.deps);
    const demo = { ...deps, config: { ...deps.config, placesApiKey: undefined } };
    const auth = { tenantId: await tenantIdOf(t.database.db, owner.userId), userId: owner.userId, role: 'admin' };
    const found = await reviews.searchPlaces(demo, auth.tenantId, 'plumbing');
    expect(found.demo).toBe(true);
    await reviews.chooseBusiness(demo, auth as never, found.results[0]!.place_id);
    const list = await reviews.listReviews(demo, auth as never, { replied: 'all' });
    expect(list).toMatchObject({ demo: true, liveData: false });
    expect(list.reviews).toHaveLength(5);
    const dashboard = (await call('GET', '/api/dashboard', owner.cookie)).json();
    expect(dashboard.stats.reviewCount).toBe(0);
  });
});

describe("the business's own Places key (Settings → Business)", () => {
  it('is stored write-only and used for search and details instead of the operator key; removing it falls back', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    const deps = reviewsDeps(t.app.deps);
    // An operator without a key: sample data until the business saves its own.
    const keyless = { ...deps, config: { ...deps.config, placesApiKey: undefined } };
    expect((await reviews.searchPlaces(keyless, tenantId, 'rosa')).demo).toBe(true);

    // A bad or missing key is a readable 400 naming the field.
    const empty = await call('PUT', '/api/settings/places', owner.cookie, { apiKey: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Please enter your Google Places API key.',
      fields: { apiKey: expect.any(String) },
    });
    const bad = await call('PUT', '/api/settings/places', owner.cookie, { apiKey: 'not a key' });
    expect(bad.statusCode).toBe(400);

    const saved = await call('PUT', '/api/settings/places', owner.cookie, { apiKey: FAKE_TENANT_PLACES_KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().places).toEqual({
      apiKey: { isSet: true, hint: `••••••••${FAKE_TENANT_PLACES_KEY.slice(-4)}` },
      isConfigured: true,
    });
    const read = await call('GET', '/api/settings', owner.cookie);
    expect(read.body).not.toContain(FAKE_TENANT_PLACES_KEY);
    // Encrypted at rest.
    const stored = await t.database.db.query.clientConfigurations.findFirst({
      where: (c, { eq }) => eq(c.tenantId, tenantId),
    });
    expect(stored?.googlePlacesApiKey).toMatch(/^v2:/);
    expect(stored?.googlePlacesApiKey).not.toContain(FAKE_TENANT_PLACES_KEY);

    // The fake sees the business's key, with and without an operator key.
    const found = await reviews.searchPlaces(keyless, tenantId, 'rosa');
    expect(found.demo).toBe(false);
    expect(places.calls.at(-1)!.apiKey).toBe(FAKE_TENANT_PLACES_KEY);
    const search = await call('GET', '/api/places/search?q=rosa', owner.cookie);
    expect(search.json().demo).toBe(false);
    expect(places.calls.at(-1)!.apiKey).toBe(FAKE_TENANT_PLACES_KEY);
    const details = await call('GET', '/api/places/details/ChIJrosaplumbing01', owner.cookie);
    expect(details.statusCode, details.body).toBe(200);
    expect(places.calls.at(-1)).toMatchObject({
      path: '/v1/places/ChIJrosaplumbing01',
      apiKey: FAKE_TENANT_PLACES_KEY,
    });
    expect((await reviews.overview(keyless, { tenantId, userId: owner.userId, role: 'admin' } as never)).demo).toBe(
      false,
    );

    // Saving again with the field empty keeps it; another business still uses the operator's key.
    expect((await call('PUT', '/api/settings/places', owner.cookie, { apiKey: '' })).json().places.apiKey.isSet).toBe(
      true,
    );
    await call('GET', '/api/places/search?q=rosa', other.cookie);
    expect(places.calls.at(-1)!.apiKey).toBe(FAKE_PLACES_KEY);

    // Remove: back to the operator's key (or sample data without one).
    const removed = await call('DELETE', '/api/settings/places', owner.cookie);
    expect(removed.json().places).toEqual({ apiKey: { isSet: false, hint: null }, isConfigured: false });
    await call('GET', '/api/places/search?q=rosa', owner.cookie);
    expect(places.calls.at(-1)!.apiKey).toBe(FAKE_PLACES_KEY);
    expect((await reviews.searchPlaces(keyless, tenantId, 'rosa')).demo).toBe(true);
  });

  it('is refused without a session', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/places',
      payload: { apiKey: FAKE_TENANT_PLACES_KEY },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/settings/places', owner.cookie, { apiKey: FAKE_TENANT_PLACES_KEY })).statusCode,
    ).toBe(200);
  });
});

describe('the Business Profile sync', () => {
  it('pulls every page into reviews, with the owner replies, idempotently; figures and filters follow', async () => {
    const owner = await signUp(t.app);
    const tenantId = await connectGoogle(owner);
    const deps = reviewsDeps(t.app.deps);
    // Google's quota answer is retried inside the run.
    business.failNext(429);
    const first = await syncAllReviews(deps);
    expect(first).toMatchObject({ failed: 0 });
    const list: TReviewList = (await call('GET', '/api/reviews', owner.cookie)).json();
    expect(list.reviews).toHaveLength(120);
    expect(list.analytics.totalReviewCount).toBe(120);
    expect(list.analytics.averageRating).toBe(3);
    // Every 4th review has a reply 2 hours after it: 30 of 120.
    expect(list.analytics.responseRate).toBe(25);
    expect(list.analytics.averageResponseHours).toBe(2);
    const replied = list.reviews.find((r) => r.replyText === 'Thank you!');
    expect(replied?.repliedAt).toEqual(expect.any(String));
    const again = await call('POST', '/api/reviews/sync', owner.cookie);
    expect(again.json()).toEqual({ imported: 0, updated: 120, pages: 3 });
    const twoStar = (await call('GET', '/api/reviews?rating=2&replied=unreplied', owner.cookie)).json().reviews;
    expect(twoStar.length).toBeGreaterThan(0);
    expect(twoStar.every((r: TReview) => r.rating === 2 && r.repliedAt === null)).toBe(true);
    // The dashboard and Felix read the same rows through the reviews service.
    expect((await call('GET', '/api/dashboard', owner.cookie)).json().stats).toMatchObject({
      reviewCount: 120,
      averageRating: 3,
    });
    expect((await reviews.unansweredLowStarReviews(deps, tenantId, 3)).count).toBe(54);
    // A reply the owner deleted on Google is gone here too after the next sync.
    const answered = businessReviews.find((r) => r.reviewReply)!;
    const reply = answered.reviewReply;
    delete answered.reviewReply;
    try {
      await syncAllReviews(deps);
      const after: TReviewList = (await call('GET', '/api/reviews', owner.cookie)).json();
      expect(after.analytics.responseRate).toBe(24); // 29 of 120
      const row = after.reviews.find(
        (r) => r.comment === answered.comment && r.reviewerName === answered.reviewer.displayName,
      );
      expect(row).toMatchObject({ replyText: null, repliedAt: null });
    } finally {
      answered.reviewReply = reply;
    }
  });

  it('syncs 1,000 reviews (20 pages), prints the time; the list pages through all of them and Analytics counts every one', async () => {
    const big = await startFakeBusiness(makeBusinessReviews(1000), TOKEN);
    try {
      const owner = await signUp(t.app);
      const tenantId = await connectGoogle(owner);
      const deps = reviewsDeps(t.app.deps);
      const started = performance.now();
      const { syncTenantReviews } = await import('./reviews-sync.service.ts');
      const result = await syncTenantReviews(
        { ...deps, config: { ...deps.config, businessBaseUrl: big.url } },
        tenantId,
      );
      const ms = Math.round(performance.now() - started);
      console.info(`sync of 1000 reviews: ${ms} ms`);
      expect(result).toEqual({ imported: 1000, updated: 0, pages: 20 });

      // "Every review in one place": pages of 200, newest first, to the last one.
      const seen: TReview[] = [];
      let url: string | null = '/api/reviews';
      while (url) {
        const res = await call('GET', url, owner.cookie);
        expect(res.statusCode, res.body).toBe(200);
        const page: TReviewList = res.json();
        expect(page.reviews.length).toBeLessThanOrEqual(200);
        expect(page.analytics.totalReviewCount).toBe(1000);
        seen.push(...page.reviews);
        url = page.nextOffset === null ? null : `/api/reviews?offset=${page.nextOffset}`;
      }
      expect(seen).toHaveLength(1000);
      expect(new Set(seen.map((r) => r.id)).size).toBe(1000);
      const times = seen.map((r) => r.createTime!);
      expect(times).toEqual([...times].sort().reverse());
      const bad = await call('GET', '/api/reviews?offset=-1', owner.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Offset must be 0 or more/);

      // The Analytics page's Review Platforms agrees with its Total Reviews.
      const summary = (await call('GET', '/api/analytics/reviews', owner.cookie)).json();
      expect(summary).toMatchObject({ totalReviews: 1000, platforms: [{ platform: 'google', count: 1000 }] });
    } finally {
      await big.close();
    }
  });
});

describe('replies and follow-ups', () => {
  it('generates through the model, posts through updateReply, and the card shows Replied with the date', async () => {
    const owner = await signUp(t.app);
    await connectGoogle(owner);
    await call('POST', '/api/reviews/sync', owner.cookie);
    const list: TReviewList = (await call('GET', '/api/reviews?rating=5&replied=unreplied', owner.cookie)).json();
    const review = list.reviews[0]!;
    expect(review.canPost).toBe(true);
    llm.script({
      text: `Thank you, ${review.reviewerName.split(' ')[0]}! Glad the boiler is running well. — Rosa Plumbing`,
    });
    const generated = await call('POST', '/api/reviews/generate-response', owner.cookie, {
      reviewId: review.id,
      reviewText: review.comment ?? '',
      rating: review.rating,
      businessName: 'Rosa Plumbing',
    });
    expect(generated.json()).toMatchObject({ source: 'ai', response: expect.stringContaining('boiler') });
    const posted = await call('POST', `/api/reviews/${review.id}/reply`, owner.cookie, { text: 'Thanks so much!' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ replyText: 'Thanks so much!', repliedAt: expect.any(String) });
    expect(business.replies.at(-1)).toEqual({
      location: 'accounts/111/locations/222',
      reviewId: expect.stringMatching(/^AbFv/),
      comment: 'Thanks so much!',
    });
  });

  it('a model reply offering a refund is replaced by the offline one; a low rating gets an apology', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    llm.script({ text: 'So sorry Sam! We will give you a full refund and a discount on the next visit.' });
    const res = await call('POST', '/api/reviews/generate-response', owner.cookie, {
      reviewerName: 'Sam Reed',
      reviewText: 'The leak came back and the plumber was late.',
      rating: 2,
      businessName: 'Rosa Plumbing',
    });
    expect(res.json().source).toBe('offline');
    expect(res.json().response).toMatch(/^Sam, we're sorry/);
    expect(res.json().response).toContain('the leak and the wait');
    expect(res.json().response).toContain('get in touch with us directly');
    expect(res.json().response).not.toMatch(/refund|discount/i);
  });

  it('a model reply that invents a fact is replaced by the offline one; facts from the profile may be used', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    await t.database.db.insert(userOnboarding).values({ userId: owner.userId, serviceArea: 'Austin' });
    const body = {
      reviewerName: 'Maria Lopez',
      reviewText: 'Fixed our water heater the same day.',
      rating: 5,
      businessName: 'Rosa Plumbing',
    };
    llm.script({ text: 'Thank you, Maria! Mike will be back on Tuesday to check the water heater. — Rosa Plumbing' });
    const invented = (await call('POST', '/api/reviews/generate-response', owner.cookie, body)).json();
    expect(invented.source).toBe('offline');
    expect(invented.response).not.toMatch(/Mike|Tuesday/);
    expect(invented.response).toContain('Maria');
    llm.script({ text: 'Thank you, Maria! Glad to help a neighbour in Austin with the water heater. — Rosa Plumbing' });
    const grounded = (await call('POST', '/api/reviews/generate-response', owner.cookie, body)).json();
    expect(grounded).toMatchObject({ source: 'ai', response: expect.stringContaining('Austin') });
    expect(JSON.stringify(llm.requests.at(-1))).toContain('Business profile: Serves Austin.');
  });

  it("writes in the business's tone from its onboarding profile, in the prompt and offline", async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    await t.database.db.insert(userOnboarding).values({ userId: owner.userId, contentTone: 'casual' });
    const body = {
      reviewerName: 'Maria Lopez',
      reviewText: 'Fixed our water heater the same day.',
      rating: 5,
      businessName: 'Rosa Plumbing',
    };
    llm.script({ text: 'Thanks a ton, Maria! So glad the water heater is sorted. — Rosa Plumbing' });
    const ai = await call('POST', '/api/reviews/generate-response', owner.cookie, body);
    expect(ai.json().source).toBe('ai');
    expect(JSON.stringify(llm.requests.at(-1))).toContain('Tone: casual');
    // The model breaks a rule: the offline reply, in the same tone.
    llm.script({ text: 'Thanks! Here is a discount for next time.' });
    const offline = await call('POST', '/api/reviews/generate-response', owner.cookie, body);
    expect(offline.json()).toMatchObject({ source: 'offline' });
    expect(offline.json().response).toMatch(/^Thanks a ton for the 5-star review, Maria!/);
  });

  it('a 401 from Google says Reconnect Google; without a Business Profile review nothing is pretended', async () => {
    const owner = await signUp(t.app);
    await connectGoogle(owner);
    await call('POST', '/api/reviews/sync', owner.cookie);
    const review = (await call('GET', '/api/reviews', owner.cookie)).json().reviews[0];
    await connectGoogle(owner, 'ya29.revoked');
    const refused = await call('POST', `/api/reviews/${review.id}/reply`, owner.cookie, { text: 'Thanks!' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Reconnect Google/);
    const sync = await call('POST', '/api/reviews/sync', owner.cookie);
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toMatch(/Reconnect Google/);
    const google = (await call('GET', '/api/connections', owner.cookie)).json().connections[0];
    expect(google).toMatchObject({ provider: 'google', state: 'problem' });

    const other = await signUp(t.app);
    await call('PUT', '/api/reviews/business', other.cookie, { placeId: 'ChIJrosaplumbing01' });
    const placeReview = (await call('GET', '/api/reviews', other.cookie)).json().reviews[0];
    const notPosted = await call('POST', `/api/reviews/${placeReview.id}/reply`, other.cookie, { text: 'Thanks!' });
    expect(notPosted.statusCode).toBe(409);
    expect(notPosted.json().message).toContain('copy it and paste it on the review on Google');
    // The draft is kept.
    expect((await call('GET', '/api/reviews', other.cookie)).json().reviews[0]).toMatchObject({
      draft: 'Thanks!',
      repliedAt: null,
    });
    // Another business's review is the same 404 as a missing one.
    expect((await call('POST', `/api/reviews/${review.id}/flag`, other.cookie)).statusCode).toBe(404);
  });

  it('Flag for Follow-up (3 stars or fewer) creates a task linked to the review on the dashboard', async () => {
    const owner = await signUp(t.app);
    await connectGoogle(owner);
    await call('POST', '/api/reviews/sync', owner.cookie);
    const [low] = (await call('GET', '/api/reviews?rating=2', owner.cookie)).json().reviews;
    const [high] = (await call('GET', '/api/reviews?rating=5', owner.cookie)).json().reviews;
    const flagged = await call('POST', `/api/reviews/${low.id}/flag`, owner.cookie);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().review.flagged).toBe(true);
    const tasks = (await call('GET', '/api/dashboard', owner.cookie)).json().upcomingTasks;
    expect(tasks).toEqual([
      expect.objectContaining({ title: `Follow up on 2-star review from ${low.reviewerName}`, reviewId: low.id }),
    ]);
    expect((await call('POST', `/api/reviews/${low.id}/flag`, owner.cookie)).statusCode).toBe(409);
    const flaggedNow = async () =>
      (await call('GET', '/api/reviews?rating=2', owner.cookie)).json().reviews.find((r: TReview) => r.id === low.id);
    expect(await flaggedNow()).toMatchObject({ flagged: true, followUpResolvedAt: null });
    // Completing the task resolves the flag; reopening it opens the flag again.
    const taskId = flagged.json().taskId;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/tasks/${taskId}`,
          headers: { cookie: owner.cookie },
          payload: { status: 'completed' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await flaggedNow()).toMatchObject({ flagged: true, followUpResolvedAt: expect.any(String) });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${taskId}`,
      headers: { cookie: owner.cookie },
      payload: { status: 'pending' },
    });
    expect(await flaggedNow()).toMatchObject({ followUpResolvedAt: null });
    const refused = await call('POST', `/api/reviews/${high.id}/flag`, owner.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only reviews of 3 stars or fewer are flagged for follow-up.');
  });

  it('reply templates are kept per business', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const created = await call('POST', '/api/reviews/templates', owner.cookie, {
      name: 'Thanks',
      body: 'Thank you {name}! — {business}',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('GET', '/api/reviews/templates', owner.cookie)).json().templates).toHaveLength(1);
    expect((await call('GET', '/api/reviews/templates', other.cookie)).json().templates).toEqual([]);
    const id = created.json().id;
    expect((await call('DELETE', `/api/reviews/templates/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reviews/templates/${id}`, owner.cookie)).statusCode).toBe(200);
    const blank = await call('POST', '/api/reviews/templates', owner.cookie, { name: 'x', body: ' ' });
    expect(blank.json()).toMatchObject({ message: expect.any(String), fields: { body: 'Template text is required' } });
  });
});
