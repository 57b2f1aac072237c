import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TReview, TReviewList } from '#shared/schemas/reviews.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { FAKE_PLACES_KEY, startFakePlaces } from '#tests/fakes/google-places-server.ts';
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
const business = await startFakeBusiness(makeBusinessReviews(120), TOKEN);
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
    const found = await reviews.searchPlaces(demo, 'plumbing');
    expect(found.demo).toBe(true);
    await reviews.chooseBusiness(demo, auth as never, found.results[0]!.place_id);
    const list = await reviews.listReviews(demo, auth as never, { replied: 'all' });
    expect(list).toMatchObject({ demo: true, liveData: false });
    expect(list.reviews).toHaveLength(5);
    const dashboard = (await call('GET', '/api/dashboard', owner.cookie)).json();
    expect(dashboard.stats.reviewCount).toBe(0);
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
  });

  it('syncs 1,000 reviews (20 pages) in reasonable time', async () => {
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
