import type { TSocialPlatform } from '#shared/schemas/social.ts';
import type { Db } from '#server/db/client.ts';
import { addDemoKeywords } from '#server/modules/keywords/keywords-demo.ts';
import { addDemoReviews } from '#server/modules/reviews/reviews.service.ts';
import { addDemoPosts, type DemoPost } from '#server/modules/social/social-demo.ts';

const DAY = 86_400_000;

/** The low review the owner flagged for a follow-up call. */
const FLAGGED = new Set(['Tom Becker']);

// [customer, rating, platform, days ago, review, our posted reply (null = not answered yet)]
type ReviewSeed = [string, number, string, number, string, string | null];
const REVIEWS: ReviewSeed[] = [
  [
    'Maria Lopez',
    5,
    'google',
    2,
    'Furnace died on a Sunday and they had it running by dinner. Fair price, tidy work.',
    null,
  ],
  [
    'Tom Becker',
    2,
    'google',
    3,
    'Technician was friendly but showed up three hours late and the AC is still noisy.',
    null,
  ],
  ['Priya Shah', 5, 'google', 5, 'Explained every option before starting. No upselling. Will call again.', null],
  [
    'Dale Whitaker',
    3,
    'facebook',
    6,
    'Job got done, but nobody called to confirm the appointment and I had to chase them.',
    null,
  ],
  [
    'Grace Kim',
    5,
    'google',
    9,
    'Heat pump install was quick and they cleaned up everything.',
    'Thank you, Grace! Enjoy the new heat pump.',
  ],
  [
    'Luis Ortega',
    4,
    'google',
    12,
    'Good service, slightly pricier than I expected but worth it.',
    'Thanks, Luis — we appreciate the honest feedback.',
  ],
  [
    'Hannah Cole',
    5,
    'google',
    15,
    'Same-day repair on our water heater. Lifesavers.',
    'Glad we could help the same day, Hannah!',
  ],
  [
    'Marcus Reed',
    5,
    'facebook',
    18,
    'Annual tune-up done right, and they spotted a cracked flue early.',
    'Thanks Marcus, safety first!',
  ],
  [
    'Ellen Park',
    4,
    'google',
    21,
    'Polite team, clear quote. Scheduling took a couple of days.',
    'Thank you, Ellen. We are adding technicians to cut the wait.',
  ],
  ['Sam Turner', 5, 'google', 25, 'Best HVAC company in town, hands down.', 'That means a lot, Sam — thank you!'],
  [
    'Nina Alvarez',
    5,
    'google',
    29,
    'They walked me through the thermostat settings. Bills already lower.',
    'Great to hear, Nina!',
  ],
  [
    'Chris Duffy',
    1,
    'google',
    33,
    'Charged for a part I never saw replaced.',
    'Chris, we are sorry — we called you to walk through the invoice and refunded the part.',
  ],
  [
    'Olivia Grant',
    5,
    'facebook',
    38,
    'Friendly, on time, and the house is finally warm upstairs.',
    'Thanks, Olivia! Stay cozy.',
  ],
  ['Ben Foster', 4, 'google', 42, 'Solid work on the duct cleaning.', 'Thank you, Ben.'],
  [
    'Aisha Bello',
    5,
    'google',
    47,
    'Emergency call at 11pm and they still answered. Incredible.',
    'Happy to help any hour, Aisha.',
  ],
  ['Ryan Walsh', 5, 'google', 53, 'Clear pricing, great communication by text.', 'Thanks, Ryan!'],
  ['Linda Chow', 4, 'google', 60, 'Good job, the tech was very knowledgeable.', 'Thank you, Linda.'],
  ['Pete Morales', 5, 'facebook', 66, 'Replaced our old boiler in one day.', 'Thanks, Pete — enjoy the quiet boiler!'],
  ['Kara Jensen', 5, 'google', 72, 'Courteous, clean, and fast.', 'Thank you, Kara!'],
  ['Victor Hu', 4, 'google', 80, 'Fixed the AC, reasonable price.', 'Thanks, Victor.'],
  [
    'Sofia Rossi',
    5,
    'google',
    88,
    'They remembered our system from last year. Great records.',
    'We love our regulars, Sofia!',
  ],
  [
    'James Okafor',
    5,
    'google',
    95,
    'Honest advice: repaired instead of replacing. Saved us thousands.',
    'Thanks for trusting us, James.',
  ],
  ['Megan Price', 4, 'facebook', 103, 'Nice people, good work.', 'Thank you, Megan.'],
  ['Andre Silva', 5, 'google', 112, 'Would give six stars if I could.', 'Thanks, Andre!'],
  ['Rachel Moss', 5, 'google', 120, 'Prompt and professional from the first call.', 'Thank you, Rachel!'],
];

// [platform, content, published days ago (negative = scheduled that many days ahead), likes, shares, comments, reach]
type PostSeed = [TSocialPlatform, string, number, number, number, number, number];
const POSTS: PostSeed[] = [
  [
    'facebook',
    'Cold snap this week! Three quick checks before you call a technician: filter, thermostat batteries, breaker.',
    3,
    48,
    12,
    9,
    1850,
  ],
  [
    'instagram',
    'Before and after: a 20-year-old furnace swapped for a high-efficiency unit in one afternoon. #hvac #homecomfort',
    6,
    132,
    8,
    17,
    2900,
  ],
  [
    'twitter',
    'Tip: change your furnace filter every 1–3 months. Your lungs and your energy bill will thank you.',
    10,
    21,
    6,
    2,
    740,
  ],
  [
    'linkedin',
    'We are hiring a certified HVAC technician. Great team, steady work, paid training.',
    14,
    35,
    11,
    4,
    1320,
  ],
  [
    'facebook',
    'Thank you, neighbours, for every review on Google! Each one helps a local business.',
    20,
    64,
    5,
    14,
    2100,
  ],
  ['instagram', 'Meet Luis, our lead installer — 15 years keeping homes warm. #meettheteam', 27, 97, 4, 21, 2450],
  ['facebook', 'Spring AC tune-ups are open for booking. Beat the summer rush.', 35, 29, 7, 3, 1200],
  ['twitter', 'Heat pump or furnace? A 60-second guide to choosing for our climate.', 41, 18, 9, 1, 680],
  ['facebook', 'Free filter with every tune-up booked this month. Call or book online.', -1, 0, 0, 0, 0],
  ['instagram', 'Sneak peek: our new service vans hit the road next week. #localbusiness', -3, 0, 0, 0, 0],
  ['linkedin', 'Case study: cutting a restaurant’s cooling costs by 22% with a zoning upgrade.', -9, 0, 0, 0, 0],
];

/** 14:00 UTC that day: 9 or 10 AM on the US East Coast, when the demo business posts. */
function morningOf(ms: number): Date {
  const d = new Date(ms);
  d.setUTCHours(14, 0, 0, 0);
  return d;
}

/** Demo reviews and social posts with recorded results, so the dashboard and Felix have rows to read (issue 5). */
export async function seedDemoMarketing(db: Db, tenantId: string): Promise<void> {
  const now = Date.now();
  await addDemoReviews(
    { db },
    tenantId,
    REVIEWS.map(([customerName, rating, platform, daysAgo, content, reply], i) => {
      const reviewedAt = new Date(now - daysAgo * DAY);
      return {
        customerName,
        rating,
        platform,
        content,
        externalId: `demo-review-${i + 1}`,
        reviewedAt,
        // The owner answered within a day; the newest four wait for an answer, one is flagged for follow-up.
        status: reply ? 'responded' : FLAGGED.has(customerName) ? 'flagged' : 'pending',
        ...(reply ? { replyText: reply, repliedAt: new Date(reviewedAt.getTime() + DAY / 3) } : {}),
        responseStatus: reply ? 'posted' : 'draft',
      };
    }),
  );

  const posts = POSTS.map(([platform, content, daysAgo, likes, shares, comments, reach]): DemoPost => {
    if (daysAgo <= 0) return { platform, content, status: 'scheduled', at: morningOf(now - daysAgo * DAY) };
    const clicks = Math.round((likes + shares + comments) / 4);
    const metrics = { likes, shares, comments, reach, impressions: Math.round(reach * 1.4), clicks };
    return { platform, content, status: 'published', at: new Date(now - daysAgo * DAY), metrics };
  });
  // Follower counts as the daily sync stores them (a row per account a day, no post): the start
  // of each period and today, so Platform Performance shows the growth.
  const followers = DEMO_FOLLOWERS.flatMap(([platform, today, grewBy]) =>
    [90, 30, 7, 0].map((daysAgo) => ({
      platform,
      followers: today - Math.round((grewBy * daysAgo) / 90),
      at: new Date(now - daysAgo * DAY),
    })),
  );
  await addDemoPosts({ db }, tenantId, posts, followers);
  // Its sample Search Console property, synced: keywords with history, quick wins and top pages.
  await addDemoKeywords({ db }, tenantId, new Date(now));
}

/** Platform, followers today, growth over 90 days. */
const DEMO_FOLLOWERS: [TSocialPlatform, number, number][] = [
  ['facebook', 1240, 96],
  ['instagram', 860, 120],
  ['linkedin', 312, 18],
  ['twitter', 205, 9],
];
