import { ZCreateGoalRequest, ZSessionBatch } from '#shared/schemas/coach.ts';
import { ZOnboardingProfile } from '#shared/schemas/onboarding.ts';
import { ZGenerateLandingRequest, ZSaveBlogPostRequest } from '#shared/schemas/website.ts';
import { createAi } from '#server/ai/ai.ts';
import { analyticsDeps } from '#server/modules/analytics/analytics.service.ts';
import { generateReport } from '#server/modules/analytics/reports.service.ts';
import { recordSession } from '#server/modules/coach/coach-engagement.service.ts';
import { addDemoGoal } from '#server/modules/coach/coach-goals.service.ts';
import { coachDeps, generateInsights } from '#server/modules/coach/coach.service.ts';
import { DEMO_BUSINESS_NAME } from '#server/modules/auth/demo-business.ts';
import { createInboundLead } from '#server/modules/leads/leads.service.ts';
import { completeOnboarding, generatePlan, onboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { addDemoPublishedPost } from '#server/modules/website/blog-demo.ts';
import { createBlogPost } from '#server/modules/website/blog.service.ts';
import { generateLandingPage, publishLandingPage } from '#server/modules/website/landing.service.ts';
import { websiteDeps } from '#server/modules/website/website.deps.ts';
import type { AppServices } from '#server/services.ts';
import { workDeps } from '#server/modules/work/work.service.ts';
import { demoAuth, type DemoAccount } from './demo-account.ts';
import { seedDemoJobs } from './demo-jobs.ts';
import type { ConvertedDemoLead } from './demo-leads.ts';

/**
 * The demo business's areas built on its leads, reviews and posts, through the same services an
 * owner's clicks call: its completed setup (an HVAC company around Dayton), a blog post and a published landing page (whose form has brought two
 * leads), three finished jobs with photos (demo-jobs.ts), three goals and the coach's insights (Get New Insights), and a 30-day report from its
 * (sample) website traffic. The writing is the offline engines' (never a paid model on first
 * start), so it is quick and the same each time.
 */
export async function seedDemoAreas(
  services: AppServices,
  demo: NonNullable<DemoAccount['ids']>,
  converted: ConvertedDemoLead[] = [],
): Promise<void> {
  const offline = { ...services, ai: createAi() };
  const auth = demoAuth(demo);

  // Set up as an owner completes setup: the trade and towns every offline writer reads.
  const onboarding = onboardingDeps(offline);
  const profile = ZOnboardingProfile.parse(DEMO_PROFILE);
  const plan = await generatePlan(onboarding, profile, null);
  await completeOnboarding(onboarding, auth, profile, plan.recommendations);

  const website = websiteDeps(offline);
  // One post live on its (sample) website for a fortnight, the page its traffic shows; the next one a draft.
  await addDemoPublishedPost(
    website,
    auth,
    ZSaveBlogPostRequest.parse(DEMO_BLOG_POST),
    'five-signs-your-furnace-needs-attention',
    new Date(Date.now() - 14 * DAY),
  );
  await createBlogPost(website, auth, ZSaveBlogPostRequest.parse(DEMO_DRAFT_POST));
  const landing = await generateLandingPage(
    website,
    auth,
    ZGenerateLandingRequest.parse({
      userPrompt: 'A page for our fall furnace replacement offer: $300 off a high-efficiency furnace, booked online.',
    }),
  );
  const page = await publishLandingPage(website, auth, landing.landingPage.id);
  for (const lead of FORM_LEADS)
    await createInboundLead(website, demo.tenantId, {
      ...lead,
      source: `landing:${page.id}`,
      sourceLabel: `the landing page "${page.title}"`,
      utm: {},
    });

  const coach = coachDeps(offline);
  // Goals before the insights: they read them, and "You have no active goals" beside three would contradict.
  // Set days ago, so they count the sample rows since: two in progress, one waiting, one reached.
  for (const [daysAgo, goal] of DEMO_GOALS)
    await addDemoGoal(coach, auth, ZCreateGoalRequest.parse(goal), new Date(Date.now() - daysAgo * DAY));
  await generateInsights(coach, auth);
  await recordDemoSessions(coach, auth);

  await seedDemoJobs(workDeps(offline), auth, converted);
  await generateReport(analyticsDeps(offline), demo.tenantId, '30d');
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The owner's use of the app this week, as the client's tracker reports it (a batch per visit,
 * through the coach's own recordSession), so the coach's Engagement, Productivity and Time Spent
 * cards show a business that uses the app: [days ago, minutes, pages, buttons pressed].
 */
const DEMO_SESSIONS: [number, number, string[], string[]][] = [
  [6, 14, ['/dashboard', '/leads', '/reviews'], ['Reply', 'Post Reply', 'Add Lead']],
  [3, 12, ['/dashboard', '/leads', '/jobs', '/inbox'], ['Mark as Contacted', 'Send', 'Add Job', 'Send']],
  [2, 8, ['/dashboard', '/analytics', '/keywords'], ['Generate Report']],
  [1, 11, ['/dashboard', '/reviews', '/ai-coach'], ['Reply', 'Post Reply', 'Get New Insights']],
];

async function recordDemoSessions(coach: ReturnType<typeof coachDeps>, auth: ReturnType<typeof demoAuth>) {
  const now = Date.now();
  for (const [i, [daysAgo, minutes, pages, actions]] of DEMO_SESSIONS.entries()) {
    // Mid-morning in Dayton that day (14:30 UTC), never later than the seeding.
    const start = new Date(now - daysAgo * DAY);
    start.setUTCHours(14, 30, 0, 0);
    const batch = ZSessionBatch.parse({
      sessionId: `demo-session-${i + 1}`,
      startedAt: start.toISOString(),
      seconds: minutes * 60,
      pages,
      actions,
      clicks: actions.length * 2 + pages.length,
      deviceType: i === 3 ? 'mobile' : 'desktop',
    });
    await recordSession(coach, auth, batch, null, new Date(start.getTime() + minutes * MINUTE));
  }
}

const DEMO_PROFILE = {
  businessName: DEMO_BUSINESS_NAME,
  businessType: 'hvac',
  serviceArea: 'Dayton, Kettering, Beavercreek, Centerville',
  teamSize: '6-15',
  primaryGoals: ['more-leads', 'more-reviews', 'social-presence'],
  socialPlatforms: ['facebook', 'instagram', 'google-business'],
  contentTone: 'friendly',
};

/** What visitors typed into the landing page's form (the leads area stores them as any form's). */
const FORM_LEADS = [
  {
    name: 'Karen Mitchell',
    service: 'Quote for replacing a 20 year old furnace',
    location: 'Kettering, OH',
    email: 'karen.mitchell@example.com',
    phone: '(937) 555-2841',
  },
  {
    name: 'Steve Alvarez',
    service: 'New high-efficiency gas furnace before winter',
    location: 'Centerville, OH',
    email: 'steve.alvarez@example.com',
    phone: null,
  },
];

/** [set that many days ago, the goal as the New goal form sends it] */
const DEMO_GOALS: [number, object][] = [
  [
    4,
    {
      title: 'Publish 3 social posts this week',
      goalType: 'weekly',
      targetValue: 3,
      unit: 'posts',
      category: 'content',
      priority: 'medium',
    },
  ],
  [
    12,
    {
      title: 'Win 20 new leads this month',
      goalType: 'monthly',
      targetValue: 20,
      unit: 'leads',
      category: 'leads',
      priority: 'high',
    },
  ],
  [
    1,
    {
      title: 'Answer every review this week',
      goalType: 'weekly',
      targetValue: 4,
      unit: 'replies',
      category: 'engagement',
      priority: 'medium',
    },
  ],
  [
    20,
    {
      title: 'Get 6 new reviews this month',
      goalType: 'monthly',
      targetValue: 6,
      unit: 'reviews',
      category: 'engagement',
      priority: 'medium',
    },
  ],
];

const DEMO_BLOG_POST = {
  title: '5 Signs Your Furnace Needs Attention Before Winter',
  metaDescription: 'Strange noises, short cycling, a yellow flame: what they mean and when to call a technician.',
  categories: ['Heating'],
  tags: ['furnace', 'maintenance', 'Dayton'],
  topic: 'Furnace warning signs',
  tone: 'friendly',
  content: [
    '<p>Dayton winters are hard on a furnace. These five signs tell you it is time for a check-up before the first cold snap.</p>',
    '<h2>1. Strange noises</h2><p>Banging, squealing or rattling usually means a loose part or a delayed ignition.</p>',
    '<h2>2. Short cycling</h2><p>A furnace that switches on and off every few minutes wastes fuel and wears out faster.</p>',
    '<h2>3. A yellow burner flame</h2><p>The flame should be blue. Yellow can mean incomplete combustion: call us.</p>',
    '<h2>4. Rising bills</h2><p>Higher bills on a mild month point to a clogged filter or a tired blower.</p>',
    '<h2>5. Cold rooms</h2><p>Uneven heat often comes from ducts or a failing fan, not the thermostat.</p>',
    '<p>Book a tune-up online or call us: most visits take under an hour.</p>',
  ].join('\n'),
};

const DEMO_DRAFT_POST = {
  title: 'Heat Pump or Furnace? Choosing for a Dayton Winter',
  metaDescription:
    'What a heat pump costs to run in southwest Ohio, when a furnace still wins, and why many homes use both.',
  categories: ['Heating'],
  tags: ['heat pump', 'furnace', 'Dayton'],
  topic: 'Heat pump or furnace',
  tone: 'friendly',
  content: [
    '<p>Heat pumps have come a long way, and Dayton winters are milder than they used to be. Here is how to choose.</p>',
    '<h2>Running costs</h2><p>Above freezing a heat pump heats for less than gas; in a deep cold snap the furnace wins.</p>',
    '<h2>Dual fuel</h2><p>Many homes pair the two: the heat pump most of the year, the furnace on the coldest nights.</p>',
  ].join('\n'),
};
