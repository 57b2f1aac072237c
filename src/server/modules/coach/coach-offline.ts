import { LEAD_SOURCE_LABELS, type TInsightPriority, type TInsightType } from '#shared/schemas/coach.ts';
import type { ACTION_PATHS, DraftInsight } from './coach-insights.ts';
import { excerpt, type CoachSummary } from './coach-summary.ts';

// The offline engine: rule-based insights from the coach's summary, each citing its figures and
// carrying one action inside the app. The AI layer answers to the same shape (coach-insights.ts).

const money = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
const pct = (n: number) => `${n}%`;

function insight(
  insightType: TInsightType,
  priority: TInsightPriority,
  category: DraftInsight['category'],
  title: string,
  message: string,
  figures: [string, string | number][],
  action: [string, (typeof ACTION_PATHS)[number]],
): DraftInsight {
  return {
    insightType,
    priority,
    category,
    title,
    message,
    figures: figures.map(([label, value]) => ({ label, value: String(value) })),
    action: { label: action[0], href: action[1] },
  };
}

function revenueInsight(s: CoachSummary): DraftInsight | null {
  const w = s.d30;
  const earning = w.bySource.filter((x) => x.converted > 0);
  if (earning.length === 0) return null;
  const top = earning[0]!;
  const silent = w.bySource.filter((x) => x.converted === 0 && x.leads > 0);
  const label = LEAD_SOURCE_LABELS[top.source];
  const tail = silent.length
    ? ` ${silent.map((x) => LEAD_SOURCE_LABELS[x.source]).join(', ')} brought leads but no jobs yet.`
    : '';
  return insight(
    'achievement',
    'high',
    'revenue',
    `${label} is your best earner this month`,
    `${label} brought ${top.converted} job${top.converted === 1 ? '' : 's'} worth ${money(top.revenue)} in the last 30 days, out of ${money(w.revenue)} in all.${tail}`,
    [
      [`${label} jobs (30 days)`, top.converted],
      [`${label} revenue (30 days)`, money(top.revenue)],
      ['All revenue (30 days)', money(w.revenue)],
    ],
    ['See revenue by source', '/ai-coach?tab=revenue'],
  );
}

type Item = CoachSummary['items30'][number];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** "Facebook post “Furnace tune-up special…”" or "landing page “Spring AC check”". */
const itemName = (i: Item) =>
  i.kind === 'post' ? `${i.platform ?? 'Social'} post “${i.label}”` : `landing page “${excerpt(i.label)}”`;
const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * Revenue per post and landing page: the best earner of the last 30 days with its figures, and
 * one that gets clicks but no jobs when there is one; nothing without per-item figures.
 */
function itemInsight(s: CoachSummary): DraftInsight | null {
  const best = s.items30.find((i) => i.converted > 0);
  const idle = s.items30
    .filter((i) => i.converted === 0 && (i.clicks ?? 0) > 0)
    .sort((a, b) => (b.clicks ?? 0) - (a.clicks ?? 0))[0];
  if (best) {
    const clicks = best.clicks !== null ? ` from ${plural(best.clicks, 'click')}` : '';
    const tail = idle ? ` Your ${itemName(idle)} got ${plural(idle.clicks ?? 0, 'click')} but no jobs yet.` : '';
    const figures: [string, string | number][] = [
      ['Jobs (30 days)', best.converted],
      ['Revenue (30 days)', money(best.revenue)],
    ];
    if (best.clicks !== null) figures.push(['Clicks (30 days)', best.clicks]);
    if (idle) figures.push(['Clicks without a job (30 days)', idle.clicks ?? 0]);
    return insight(
      'achievement',
      'high',
      'revenue',
      `${capital(itemName(best))} earned the most`,
      `Your ${itemName(best)} brought ${plural(best.converted, 'job')} worth ${money(best.revenue)} this month (last 30 days)${clicks}.${tail}`,
      figures,
      [`See revenue per ${best.kind}`, '/ai-coach?tab=revenue'],
    );
  }
  if (!idle) return null;
  const advice =
    idle.kind === 'page'
      ? 'Put the offer and a short quote form at the top of the page so visits turn into requests.'
      : 'Point the post at a landing page with a quote form so clicks turn into requests.';
  return insight(
    'recommendation',
    'medium',
    'revenue',
    `${capital(itemName(idle))} gets clicks but no jobs`,
    `Your ${itemName(idle)} got ${plural(idle.clicks ?? 0, 'click')}${idle.leads ? ` and ${plural(idle.leads, 'lead')}` : ''} in the last 30 days but no jobs yet. ${advice}`,
    [
      ['Clicks (30 days)', idle.clicks ?? 0],
      ['Leads (30 days)', idle.leads],
      ['Jobs (30 days)', 0],
    ],
    idle.kind === 'page' ? ['Improve the page', '/website'] : ['Plan the next post', '/social'],
  );
}

function leadInsights(s: CoachSummary): DraftInsight[] {
  const w = s.d30;
  const out: DraftInsight[] = [];
  if (w.leads === 0) {
    out.push(
      insight(
        'recommendation',
        'high',
        'leads',
        'No new leads in 30 days',
        'No leads came in during the last 30 days. A published landing page with a quote form gives visitors a way to ask.',
        [
          ['Leads (30 days)', 0],
          ['Leads (90 days)', s.d90.leads],
        ],
        ['Build a landing page', '/website'],
      ),
    );
    return out;
  }
  if (w.uncontacted > 0) {
    out.push(
      insight(
        'warning',
        w.uncontacted >= 3 ? 'urgent' : 'high',
        'leads',
        `${w.uncontacted} lead${w.uncontacted === 1 ? '' : 's'} still waiting for a call`,
        `${w.uncontacted} of the ${w.leads} leads from the last 30 days have not been contacted. The first business to call usually wins the job.`,
        [
          ['Waiting for a call', w.uncontacted],
          ['Leads (30 days)', w.leads],
        ],
        ['Call new leads', '/leads?status=new'],
      ),
    );
  }
  if (w.medianResponseHours !== null && w.medianResponseHours > 1) {
    out.push(
      insight(
        'recommendation',
        w.medianResponseHours > 24 ? 'high' : 'medium',
        'leads',
        'Answer leads faster',
        `Your median time to contact a new lead was ${w.medianResponseHours} hours in the last 30 days. Calling back within an hour wins noticeably more jobs.`,
        [['Median response (hours)', w.medianResponseHours]],
        ['Open leads', '/leads'],
      ),
    );
  }
  if (w.conversionRate !== null && w.leads >= 5 && w.conversionRate < 20) {
    out.push(
      insight(
        'tip',
        'medium',
        'leads',
        'Turn more leads into jobs',
        `${pct(w.conversionRate)} of the ${w.leads} leads from the last 30 days converted. Follow up on qualified leads within two days.`,
        [
          ['Conversion rate (30 days)', pct(w.conversionRate)],
          ['Leads (30 days)', w.leads],
        ],
        ['Open leads', '/leads'],
      ),
    );
  }
  return out;
}

function contentInsights(s: CoachSummary): DraftInsight[] {
  if (!s.social) {
    return [
      insight(
        'tip',
        'low',
        'content',
        'Connect your social accounts',
        'No social posts are on record yet. Connect Facebook or Instagram so the coach can see what your posts bring.',
        [['Social posts published (30 days)', 0]],
        ['Connect accounts', '/settings?tab=connections'],
      ),
    ];
  }
  if (s.social.published30 === 0) {
    return [
      insight(
        'recommendation',
        'medium',
        'content',
        'No posts in the last 30 days',
        `You published ${s.social.published90} posts in 90 days and none in the last 30. One post a week keeps you in front of local customers.`,
        [
          ['Posts (30 days)', 0],
          ['Posts (90 days)', s.social.published90],
        ],
        ['Schedule a post', '/social'],
      ),
    ];
  }
  const rate = s.social.engagementRate30;
  return [
    insight(
      'tip',
      'low',
      'content',
      'Keep your posting rhythm',
      `You published ${s.social.published30} posts in the last 30 days${
        s.social.engagements30 !== null ? ` with ${s.social.engagements30} likes, shares and comments` : ''
      }${rate !== null ? ` (${pct(rate)} engagement)` : ''}.`,
      [
        ['Posts (30 days)', s.social.published30],
        ...(s.social.engagements30 !== null
          ? ([['Engagements (30 days)', s.social.engagements30]] as [string, number][])
          : []),
      ],
      ['Plan the next post', '/social'],
    ),
  ];
}

function reviewInsights(s: CoachSummary): DraftInsight[] {
  if (!s.reviews || s.reviews.total === 0) {
    return [
      insight(
        'tip',
        'medium',
        'reviews',
        'Start collecting reviews',
        'No reviews are on file yet. Customers choose the business with recent reviews; ask each happy customer for one.',
        [['Reviews on file', 0]],
        ['Set up reviews', '/reviews'],
      ),
    ];
  }
  const r = s.reviews;
  if (r.responseRate !== null && r.responseRate < 80) {
    return [
      insight(
        'warning',
        'high',
        'reviews',
        'Reply to more reviews',
        `You have replied to ${pct(r.responseRate)} of your ${r.total} reviews. Replies show future customers that you care.`,
        [
          ['Reply rate', pct(r.responseRate)],
          ['Reviews', r.total],
          ...(r.average !== null ? ([['Average rating', r.average]] as [string, number][]) : []),
        ],
        ['Reply to reviews', '/reviews'],
      ),
    ];
  }
  return [];
}

function goalInsights(s: CoachSummary): DraftInsight[] {
  const g = s.goals;
  if (g.behind.length > 0) {
    const first = g.behind[0]!;
    return [
      insight(
        'warning',
        'medium',
        'goals',
        `"${first.title}" is behind`,
        `"${first.title}" is at ${first.progress}% with less than two days left.`,
        [['Goal progress', pct(first.progress)]],
        ['Open goals', '/ai-coach?tab=goals'],
      ),
    ];
  }
  if (g.active === 0) {
    return [
      insight(
        'tip',
        'low',
        'goals',
        'Set a goal for this week',
        `You have no active goals${g.completed30 ? ` (${g.completed30} completed in the last 30 days)` : ''}. A weekly target such as three posts tracks itself as you publish.`,
        [
          ['Active goals', 0],
          ['Goals completed (30 days)', g.completed30],
        ],
        ['Create a goal', '/ai-coach?tab=goals'],
      ),
    ];
  }
  return [];
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}%`;
const count = (n: number) => n.toLocaleString('en-US');

/** Search Console clicks and impressions, and GA4 sessions: one insight when either is on file. */
function searchInsight(s: CoachSummary): DraftInsight | null {
  const q = s.search;
  const t = s.traffic;
  if (!q && !t) return null;
  const figures: [string, string | number][] = [];
  if (q) {
    figures.push(
      ['Search clicks (28 days)', count(q.clicks28)],
      ['Search impressions (28 days)', count(q.impressions28)],
    );
    if (q.clicksChange !== null) figures.push(['Search clicks vs 28 days before', signed(q.clicksChange)]);
  }
  if (t) figures.push([`Website sessions (${t.days} days)`, count(t.sessions)]);
  const sessions = t
    ? ` Google Analytics counted ${count(t.sessions)} website sessions in the ${t.days} days to ${t.reportedOn}${
        t.leadsPer100Sessions !== null
          ? `, which brought ${t.leadsPer100Sessions} lead${t.leadsPer100Sessions === 1 ? '' : 's'} per 100 sessions`
          : ''
      }.`
    : '';
  if (q && q.clicksChange !== null && q.clicksChange <= -10) {
    return insight(
      'warning',
      'high',
      'search',
      `Search clicks fell ${Math.abs(q.clicksChange)}%`,
      `People clicked your site in Google ${count(q.clicks28)} times in the last 28 days, down from ${count(q.previousClicks28 ?? 0)} the 28 days before.${sessions} Check which keywords slipped and refresh the pages behind them.`,
      figures.slice(0, 4),
      ['See your keywords', '/keywords'],
    );
  }
  if (q && q.clicksChange !== null && q.clicksChange >= 10) {
    return insight(
      'achievement',
      'medium',
      'search',
      `Search clicks are up ${q.clicksChange}%`,
      `People clicked your site in Google ${count(q.clicks28)} times in the last 28 days, up from ${count(q.previousClicks28 ?? 0)} the 28 days before.${sessions} Keep publishing about the services that are working.`,
      figures.slice(0, 4),
      ['See your keywords', '/keywords'],
    );
  }
  if (q) {
    const ctr = q.impressions28 > 0 ? Math.round((q.clicks28 / q.impressions28) * 1000) / 10 : 0;
    return insight(
      'tip',
      'medium',
      'search',
      'Turn search views into visits',
      `Your site showed up in Google ${count(q.impressions28)} times in the last 28 days and got ${count(q.clicks28)} clicks (${pct(ctr)}).${sessions} Clearer page titles win more of those clicks.`,
      figures.slice(0, 4),
      ['See your keywords', '/keywords'],
    );
  }
  return insight(
    'tip',
    'medium',
    'search',
    'What your website traffic brings',
    `${sessions.trim()} Connect Search Console to see which searches send those visitors.`,
    figures,
    ['Open analytics', '/analytics'],
  );
}

/** The offline engine: rule-based insights from the same summary, most pressing first. */
export function offlineInsights(s: CoachSummary): DraftInsight[] {
  const revenue = revenueInsight(s);
  const item = itemInsight(s);
  const all = [
    ...(revenue ? [revenue] : []),
    ...(item ? [item] : []),
    ...leadInsights(s),
    ...reviewInsights(s),
    ...[searchInsight(s)].filter((x): x is DraftInsight => x !== null),
    ...contentInsights(s),
    ...goalInsights(s),
  ];
  const rank: Record<TInsightPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
  return all.sort((a, b) => rank[a.priority] - rank[b.priority]).slice(0, 6);
}
