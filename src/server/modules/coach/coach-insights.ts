import { z } from 'zod';
import {
  INSIGHT_PRIORITIES,
  INSIGHT_TYPES,
  LEAD_SOURCE_LABELS,
  type TInsightPriority,
  type TInsightType,
} from '#shared/schemas/coach.ts';
import { zString } from '#shared/schemas/string.ts';
import { excerpt, type CoachSummary } from './coach-summary.ts';

// Insights from the summary: the rule-based (offline) engine, and the schema and prompt the AI
// layer answers to. Either way every insight cites figures from the summary and carries one
// action, a path inside the app.

/** The only places an insight may send the owner. */
export const ACTION_PATHS = [
  '/leads',
  '/leads?status=new',
  '/social',
  '/reviews',
  '/website',
  '/keywords',
  '/analytics',
  '/ai-coach?tab=goals',
  '/ai-coach?tab=revenue',
  '/settings?tab=connections',
] as const;

export const ZDraftInsight = z.object({
  insightType: z.enum(INSIGHT_TYPES),
  title: zString().trim().min(1).max(120),
  message: zString().trim().min(1).max(600),
  priority: z.enum(INSIGHT_PRIORITIES),
  category: z.enum(['leads', 'content', 'reviews', 'revenue', 'goals', 'engagement', 'search']),
  figures: z
    .array(z.object({ label: zString().trim().min(1).max(80), value: zString().trim().min(1).max(40) }))
    .min(1)
    .max(4),
  action: z.object({ label: zString().trim().min(1).max(40), href: z.enum(ACTION_PATHS) }),
});
export type DraftInsight = z.infer<typeof ZDraftInsight>;
export const ZDraftInsights = z.object({ insights: z.array(ZDraftInsight).min(1).max(6) });

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

/** Every number in the summary, unsigned (a figure may show a change as "+12%" or "fell 12%"). */
function summaryNumbers(value: unknown, into = new Set<number>()): Set<number> {
  if (typeof value === 'number') into.add(Math.abs(value));
  else if (Array.isArray(value)) for (const v of value) summaryNumbers(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) summaryNumbers(v, into);
  return into;
}

/**
 * The model's insights whose figures cite only numbers of the summary ("$1,350", "42.9%", "3");
 * one with a number the summary does not hold is dropped, so no invented figure reaches the owner.
 */
export function citedFromSummary(insights: DraftInsight[], s: CoachSummary): DraftInsight[] {
  const known = summaryNumbers(s);
  const cites = (value: string) =>
    (value.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).every((n) => known.has(Number(n.replaceAll(',', ''))));
  return insights.filter((i) => i.figures.every((f) => cites(f.value)));
}

export const COACH_SYSTEM =
  'You are a marketing and sales coach for a small home-service business (HVAC, plumbing, electrical, roofing). ' +
  'You only state figures that appear in the summary you are given, and you never invent numbers.';

export function coachPrompt(s: CoachSummary): string {
  return [
    'Write 3 to 5 insights for the owner from this summary of the business (JSON).',
    'Each insight: a short title, one or two plain sentences, 1 to 4 figures copied exactly from the summary ' +
      '(label and value), and one action whose href is one of: ' +
      ACTION_PATHS.join(', ') +
      '.',
    `Areas without data (say less about them, or suggest connecting them): ${s.missing.join(', ') || 'none'}.`,
    'items30 is revenue per social post and landing page over the last 30 days (leads, jobs, job value, clicks on ' +
      'its tracked links); name the best-earning one and any with clicks but no jobs, quoting those figures.',
    JSON.stringify(s),
  ].join('\n');
}
