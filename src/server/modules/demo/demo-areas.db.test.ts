import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZCreateGoalRequest } from '#shared/schemas/coach.ts';
import { ZSaveBlogPostRequest } from '#shared/schemas/website.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { memberships } from '#server/db/schema/index.ts';
import { addDemoGoal } from '#server/modules/coach/coach-goals.service.ts';
import { coachDeps } from '#server/modules/coach/coach.service.ts';
import { ensureDemoAccount } from '#server/modules/demo/demo-account.ts';
import { seedDemoAreas } from '#server/modules/demo/demo-areas.ts';
import { addDemoKeywords } from '#server/modules/keywords/keywords-demo.ts';
import { addDemoPublishedPost } from '#server/modules/website/blog-demo.ts';
import { websiteDeps } from '#server/modules/website/website.deps.ts';
import { addDemoConversations } from '#server/modules/conversations/conversations-demo.ts';
import { addDemoReviewRequests } from '#server/modules/reviews/review-requests-demo.ts';
import { addDemoReviews } from '#server/modules/reviews/reviews.service.ts';
import { addDemoBusinessProfile } from '#server/modules/settings/settings-demo.ts';
import { sessionCookie, signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();
const tenantOf = async (userId: string) =>
  (await t.database.db.select().from(memberships).where(eq(memberships.userId, userId)))[0]!.tenantId;

describe('the demo business shows every area with its sample data; a real business gets none', () => {
  it('seeds reviews, traffic, coach, website and a report that agree with the dashboard', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fw-demo-'));
    const t0 = performance.now();
    const demo = await ensureDemoAccount(t.database.db, dir);
    const t1 = performance.now();
    await seedDemoAreas(t.app.deps, demo.ids!, demo.converted);
    const t2 = performance.now();
    console.log(`demo seed: account+leads+reviews+posts ${Math.round(t1 - t0)} ms, areas ${Math.round(t2 - t1)} ms`);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demo.email, password: demo.password },
      remoteAddress: '10.4.0.2',
    });
    const cookie = sessionCookie(login);
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };

    // The dashboard's review figure and the reviews list are the same 25 reviews.
    const dashboard = await get('/api/dashboard');
    const reviews = await get('/api/reviews');
    expect(reviews.demo).toBe(true);
    expect(reviews.reviews).toHaveLength(25);
    expect(JSON.stringify(dashboard)).toContain('"reviewCount":25');
    expect(reviews.reviews.filter((r: { flagged: boolean }) => r.flagged)).toHaveLength(1);
    expect(reviews.reviews.filter((r: { replyText: string | null }) => r.replyText).length).toBe(21);
    // The review-request funnel: requests after the recent jobs, most opened, and the new reviews.
    const requests = await get('/api/reviews/requests');
    const { funnel } = requests;
    expect(funnel.sent).toBeGreaterThan(2);
    expect(funnel.clicked).toBeGreaterThan(0);
    expect(funnel.clicked).toBeLessThan(funnel.sent);
    expect(funnel.newReviews).toBeGreaterThan(0);
    expect(requests.requests.every((r: { status: string }) => r.status === 'sent')).toBe(true);
    // Its inbox: a text thread answered and booked, and a missed call the text-back turned into a thread.
    const inbox = await get('/api/conversations');
    expect(inbox.items).toHaveLength(2);
    expect(inbox.items.every((c: { leadId: string | null }) => c.leadId !== null)).toBe(true);
    expect(inbox.items.map((c: { lastMessagePreview: string }) => c.lastMessagePreview)).toEqual(
      expect.arrayContaining(['Booked. Our technician will text when he is on the way.']),
    );
    expect(await get('/api/conversations/unread')).toEqual({ unread: 1 });
    // Finished jobs: the three latest converted leads', each with a before and an after photo that
    // the public photo address serves; two customers agreed to be named, nothing is published yet.
    const jobs = (await get('/api/jobs')).jobs as {
      customerName: string;
      value: number | null;
      consent: boolean;
      projectUrl: string | null;
      photos: { stage: string; url: string; width: number }[];
    }[];
    expect(jobs).toHaveLength(3);
    expect(jobs.map((j) => j.consent).sort()).toEqual([false, true, true]);
    expect(jobs.every((j) => j.value !== null && j.value > 0 && j.projectUrl === null)).toBe(true);
    for (const job of jobs) expect(job.photos.map((p) => p.stage)).toEqual(['before', 'after']);
    const photo = await t.app.inject({ method: 'GET', url: new URL(jobs[0]!.photos[1]!.url).pathname });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(jobs[0]!.photos[1]!.width).toBe(1200);
    // Its business profile is filled in, as its owner's setup would have left it.
    expect((await get('/api/settings')).business).toMatchObject({
      businessName: 'Demo Heating & Cooling',
      businessAddress: expect.stringContaining('Dayton, OH'),
      industry: 'hvac',
      isConfigured: true,
    });
    const overview = await get('/api/reviews/business');
    expect(overview.business).toMatchObject({ name: 'Demo Heating & Cooling', ratingCount: 25 });

    // Analytics: the demo source answers, marked as demo; the stored report carries its figures.
    expect(await get('/api/analytics/status')).toMatchObject({ state: 'live', demo: true });
    const metrics = await get('/api/analytics/metrics?period=30d');
    expect(metrics.sessions).toBeGreaterThan(800);
    const reports = await get('/api/analytics/reports');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ period: '30d' });
    expect(reports[0].traffic).toBeGreaterThan(800);
    // Its converted leads carry the job values typed on Convert, so revenue by source is not $0.
    const own = reports[0].details.own;
    expect(own.converted).toBeGreaterThan(0);
    expect(own.revenue).toBeGreaterThan(own.converted * 200);
    const bySource = own.revenueBySource.reduce((n: number, s: { revenue: number }) => n + s.revenue, 0);
    expect(Math.round(bySource)).toBe(Math.round(own.revenue));

    // Keywords: its sample Search Console property reads as synced, so every keyword screen agrees
    // (estimates, quick wins, the analytics card and the report), never "set up Search Console".
    const kw = await get('/api/analytics/keywords?page=1&pageSize=25');
    expect(kw.meta.source).toBe('search_console');
    expect(kw.keywords[0]).toMatchObject({ keyword: 'furnace repair near me', clicks: 145 });
    expect(kw.keywords.every((k: { searchVolume: number | null }) => k.searchVolume !== null)).toBe(true);
    expect((await get('/api/keywords/summary')).source).toBe('search_console');
    expect((await get('/api/keywords/insights')).quickWins.length).toBeGreaterThan(0);
    expect((await get('/api/analytics/top-keywords')).keywords[0]).toMatchObject({ query: 'furnace repair near me' });
    expect(reports[0].details.keywordSource).toBe('search_console');

    // Coach: insights and goals in progress; website: a post and a published page.
    const insights = await get('/api/ai-coach/insights');
    expect(insights.insights.length).toBeGreaterThan(0);
    const goals = await get('/api/ai-coach/goals');
    expect(goals.goals.length).toBe(3);
    // The goals count the sample rows since they were set: two under way, one reached (its points).
    const progress = Object.fromEntries(
      goals.goals.map((g: { unit: string; progress: number }) => [g.unit, g.progress]),
    );
    expect(progress.posts).toBeGreaterThan(0);
    expect(progress.leads).toBeGreaterThan(0);
    expect(goals.points).toBe(50);
    // The metric cards read the owner's visits this week: not the 0%, 0% and 0m of an unused app.
    const m = await get('/api/ai-coach/metrics');
    expect(m).toMatchObject({ totalSessions: 4, totalTimeSpent: 45 * 60, actionsCompleted: 11, goalsAchieved: 1 });
    expect(m.engagementScore).toBeGreaterThanOrEqual(50);
    expect(m.productivityScore).toBeGreaterThan(0);
    expect(m.featuresUsed).toEqual(expect.arrayContaining(['dashboard', 'leads', 'reviews', 'ai-coach']));
    expect(Object.values(m.weeklyProgress).filter((s) => (s as number) > 0)).toHaveLength(4);
    const pages = await get('/api/website/landing-pages');
    const page = pages.pages[0];
    expect(page.publicPath).toMatch(/^\/p\/demo-heating-cooling\//);
    // Written for an HVAC company around Dayton, as its completed setup says.
    expect(page.title).toMatch(/^Furnace replacement in Dayton/);
    const pub = await t.app.inject({ method: 'GET', url: page.publicPath });
    expect(pub.statusCode).toBe(200);
    // Its form has brought leads, shown as the page's, beside the calls, searches and posts.
    const list = await get('/api/leads?limit=100');
    const fromPage = list.leads.filter((l: { source: string }) => l.source === 'landing_page');
    expect(fromPage.map((l: { sourcePage: string }) => l.sourcePage)).toEqual([page.title, page.title]);
    expect(new Set(list.leads.map((l: { source: string }) => l.source)).size).toBeGreaterThanOrEqual(5);
    // Its blog: one post live on its sample site (the page its traffic shows), one draft.
    const posts = await get('/api/website/blog-posts');
    const byTitle = Object.fromEntries(posts.posts.map((p: { title: string }) => [p.title, p]));
    expect(byTitle['5 Signs Your Furnace Needs Attention Before Winter']).toMatchObject({
      status: 'published',
      remoteUrl: 'https://demo-heating-cooling.example/blog/five-signs-your-furnace-needs-attention',
    });
    expect(byTitle['Heat Pump or Furnace? Choosing for a Dayton Winter']).toMatchObject({ status: 'draft' });
    expect(posts.stats).toMatchObject({ published: 1, drafts: 1 });
  });

  it('gives a real business no sample rows, and refuses to seed one', async () => {
    const owner = await signUp(t.app, { businessName: 'Nguyen Plumbing' });
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json();
    expect(await get('/api/analytics/status')).toMatchObject({ state: 'not_connected' });
    expect(await get('/api/analytics/status')).not.toHaveProperty('demo', true);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/metrics?period=30d',
      headers: { cookie: owner.cookie },
    });
    expect(metrics.statusCode).toBe(409);
    expect((await get('/api/reviews')).reviews).toHaveLength(0);
    expect((await get('/api/reviews/business')).business).toBeNull();
    expect(await get('/api/ai-coach/metrics')).toMatchObject({ totalSessions: 0, goalsAchieved: 0 });
    const auth = { tenantId: await tenantOf(owner.userId), userId: owner.userId } as AuthContext;
    const goal = ZCreateGoalRequest.parse({ title: 'x', goalType: 'weekly', targetValue: 1, unit: 'posts' });
    await expect(addDemoGoal(coachDeps(t.app.deps), auth, goal, new Date(0))).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await get('/api/ai-coach/goals')).goals).toHaveLength(0);
    await expect(
      addDemoReviews({ db: t.database.db }, await tenantOf(owner.userId), [
        { platform: 'google', customerName: 'X', rating: 5, content: 'x', externalId: 'x' },
      ]),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect((await get('/api/reviews')).reviews).toHaveLength(0);
    await expect(
      addDemoReviewRequests({ db: t.database.db }, auth.tenantId, [
        { leadId: owner.userId, customerName: 'X', phone: null, email: null, sentAt: new Date(), clicked: true },
      ]),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect((await get('/api/reviews/requests')).funnel).toMatchObject({ sent: 0, clicked: 0 });
    await expect(addDemoConversations({ db: t.database.db }, auth.tenantId, [])).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await get('/api/conversations')).items).toHaveLength(0);
    await expect(addDemoBusinessProfile({ db: t.database.db }, auth.tenantId, owner.userId)).rejects.toMatchObject({
      code: 'forbidden',
    });
    // Unsaved, the profile offers the name the business registered with.
    expect((await get('/api/settings')).business).toMatchObject({
      businessName: 'Nguyen Plumbing',
      businessAddress: '',
      isConfigured: false,
    });
    await expect(addDemoKeywords({ db: t.database.db }, await tenantOf(owner.userId))).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await get('/api/analytics/keywords?page=1&pageSize=25')).meta.source).toBe('demo');
    expect((await get('/api/analytics/top-keywords')).keywords).toHaveLength(0);
    const draft = ZSaveBlogPostRequest.parse({ title: 'x', content: 'x' });
    await expect(addDemoPublishedPost(websiteDeps(t.app.deps), auth, draft, 'x', new Date())).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await get('/api/website/blog-posts')).posts).toHaveLength(0);
  });
});
