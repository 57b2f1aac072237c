// The signed-in routes as plain data: the client builds its pages from it
// (src/client/app/signed-in/routes.tsx) and the server reads it to start a route's chunks and
// first queries with the HTML (src/server/plugins/route-preloads.ts), before any script runs.

/**
 * One signed-in route: its path, the header's title and subtitle, the page's module and, for the
 * top navigation, its tab label. A route owns its path and everything under it, so `/reviews/42`
 * is the Reviews route; a page reads its own sub-path with wouter's `useRoute`.
 */
export interface SignedInRouteData {
  path: `/${string}`;
  title: string;
  subtitle: string;
  /** The page's module under src/client, default-exporting the page (Vite's manifest key). */
  module: string;
  /** Label of its tab in the top navigation; routes without one are reached by links. */
  tab?: string;
  /** The tab is lit only on the path itself, not under it (Dashboard). */
  exactTab?: boolean;
  /**
   * GET URLs the page asks first (exactly as its queries send them): started with the HTML and
   * by the entry script, in parallel with the session check and the page's chunk.
   */
  firstQueries?: readonly string[];
  /**
   * The server renders the page's first screen into the HTML (the shell and the page, with the
   * answers of the shell's and the page's first queries), so it paints before any script arrives
   * and the browser hydrates it (src/client/entry-server.tsx, decision 014).
   */
  serverRendered?: boolean;
}

/** The module of the signed-in shell every signed-in route renders in. */
export const SIGNED_IN_SHELL_MODULE = 'app/signed-in/signed-in-app.tsx';

/**
 * What every signed-in page asks first, whatever the route: the session check, the brand for the
 * header, the connections' health for the banner and the inbox's unread count for its tab
 * (exactly as their queries send them). Answered in the HTML, the badge is there at once instead
 * of a request after the page is alive.
 */
export const SIGNED_IN_SHELL_QUERIES = [
  '/api/auth/user',
  '/api/branding',
  '/api/connections',
  '/api/conversations/unread',
] as const;

/**
 * Leads on /leads's first page: a phone shows three rows, a desktop five, so 20 fill the screen
 * and the virtual list's overscan with room to spare; the next pages bring the server's 50 each.
 * 20 instead of 50 takes ~23 KB off the page's first load (decision 014).
 */
export const LEADS_FIRST_PAGE_SIZE = 20;

/** /keywords and /seo (one page): the first page of keywords as the table sorts them by default, and the cards. */
const KEYWORDS_FIRST_QUERIES = [
  '/api/analytics/keywords?page=1&pageSize=25&sort=clicks&dir=desc',
  '/api/keywords/summary',
  '/api/keywords/insights',
  '/api/leads/keyword-revenue?days=90',
];

const dashboard = {
  title: 'Dashboard',
  subtitle: 'Your marketing performance overview',
  module: 'features/dashboard/dashboard-page.tsx',
  firstQueries: ['/api/dashboard', '/api/dashboard/layout', '/api/felix/next-steps'],
  serverRendered: true,
};

/**
 * Every signed-in route, tabs in the order of the top navigation; everything here renders inside
 * the route guard. A new area adds its entry here, naming its page's module.
 */
export const SIGNED_IN_ROUTES = [
  { path: '/dashboard', ...dashboard, tab: 'Dashboard', exactTab: true },
  { path: '/felix', ...dashboard },
  { path: '/app', ...dashboard },
  {
    path: '/social',
    title: 'Social Media',
    subtitle: 'Create, schedule and publish posts across your channels',
    module: 'features/social/social-page.tsx',
    firstQueries: ['/api/social/posts', '/api/social/analytics?period=30d'],
    tab: 'Social Media',
    serverRendered: true,
  },
  {
    path: '/leads',
    title: 'Leads',
    subtitle: 'Track, score and follow up every lead',
    module: 'features/leads/leads-page.tsx',
    tab: 'Leads',
    firstQueries: [`/api/leads?limit=${LEADS_FIRST_PAGE_SIZE}`, '/api/leads/summary', '/api/leads/analytics/scores'],
    serverRendered: true,
  },
  {
    path: '/jobs',
    title: 'Jobs',
    subtitle: 'Finished work, shared as a review request, a post and a project page',
    module: 'features/jobs/jobs-page.tsx',
    firstQueries: ['/api/jobs'],
    serverRendered: true,
  },
  {
    path: '/inbox',
    title: 'Inbox',
    subtitle: 'Every customer’s texts, emails and form messages, answered in one place',
    module: 'features/inbox/inbox-page.tsx',
    firstQueries: ['/api/conversations?status=open'],
    tab: 'Inbox',
    serverRendered: true,
  },
  {
    path: '/reviews',
    title: 'Reviews',
    subtitle: 'See every review and reply with AI-drafted responses',
    module: 'features/reviews/reviews-page.tsx',
    // The chosen business, then its first page of reviews (the figures on the cards come with it),
    // the requests, and the reply templates each review's reply box offers (left to the browser,
    // their answer redrew the whole list in one task after the page was alive).
    firstQueries: [
      '/api/reviews/business',
      '/api/reviews?replied=all',
      '/api/reviews/requests?days=30',
      '/api/reviews/templates',
    ],
    tab: 'Reviews',
    serverRendered: true,
  },
  {
    path: '/analytics',
    title: 'Analytics',
    subtitle: 'Website traffic, sources and performance reports',
    module: 'features/analytics/analytics-page.tsx',
    firstQueries: [
      '/api/analytics/status',
      '/api/analytics/top-keywords',
      '/api/analytics/reviews',
      '/api/analytics/reports',
    ],
    tab: 'Analytics',
    serverRendered: true,
  },
  {
    path: '/keywords',
    title: 'Keywords',
    subtitle: 'Track the searches that bring customers to your door',
    module: 'features/keywords/keywords-page.tsx',
    firstQueries: KEYWORDS_FIRST_QUERIES,
    tab: 'Keywords',
    serverRendered: true,
  },
  {
    path: '/website',
    title: 'Website',
    subtitle: 'Write blog posts and landing pages and publish to WordPress',
    module: 'features/website/website-page.tsx',
    firstQueries: ['/api/website/blog-posts'],
    tab: 'Website',
    serverRendered: true,
  },
  {
    path: '/ai-coach',
    title: 'AI Coach',
    subtitle: 'Personal insights and goals to grow your business',
    module: 'features/coach/coach-page.tsx',
    firstQueries: ['/api/ai-coach/insights', '/api/ai-coach/metrics'],
    tab: 'AI Coach',
    serverRendered: true,
  },
  {
    path: '/businesses',
    title: 'Businesses',
    subtitle: 'Every business you manage, side by side',
    module: 'features/businesses/businesses-page.tsx',
    firstQueries: ['/api/businesses'],
    serverRendered: true,
  },
  {
    path: '/settings',
    title: 'Settings',
    subtitle: 'Manage your account and preferences',
    module: 'app/signed-in/settings-with-areas.tsx',
    firstQueries: ['/api/settings'],
    serverRendered: true,
  },
  {
    path: '/reports',
    title: 'Reports',
    subtitle: 'Generate and compare website performance reports',
    module: 'features/analytics/reports-page.tsx',
    firstQueries: ['/api/analytics/status', '/api/analytics/reports'],
    serverRendered: true,
  },
  {
    path: '/seo',
    title: 'SEO Optimization',
    subtitle: 'Track the searches that bring customers to your door',
    module: 'features/keywords/keywords-page.tsx',
    firstQueries: KEYWORDS_FIRST_QUERIES,
    serverRendered: true,
  },
  {
    path: '/subscribe',
    title: 'Subscription',
    subtitle: 'Choose the plan that fits your business',
    module: 'features/billing/subscribe-page.tsx',
    firstQueries: ['/api/billing'],
    serverRendered: true,
  },
] as const satisfies readonly SignedInRouteData[];

/**
 * GET URLs a route's first screen asks only sometimes (exactly as its queries send them): once an
 * earlier answer allows it (GA4's figures once the status says live) or for the tab the address
 * opens. Answered while the server renders the page if it asks them; never started ahead
 * (decision 038). Apart from the routes: only the server's renderer reads them, so the browser's
 * entry chunk does not carry them.
 */
export const LATER_QUERIES: Readonly<Record<string, readonly string[]>> = {
  // GA4's figures, asked once the status says live (the demo's sample traffic is).
  '/analytics': [
    '/api/analytics/metrics?period=30d',
    '/api/analytics/traffic?period=7d',
    '/api/analytics/traffic-sources?period=30d',
  ],
  // ?tab=goals and ?tab=revenue (its default 30 days).
  '/ai-coach': ['/api/ai-coach/goals', '/api/ai-coach/revenue-by-source?days=30'],
  // What the tab in the address (?tab=…) asks besides the settings.
  '/settings': [
    '/api/conversations/settings',
    '/api/website/auto-replies',
    '/api/team/members',
    '/api/team/invitations',
    '/api/billing',
    '/api/billing/invoices',
    '/api/push',
    '/api/analytics/preferences',
    '/api/domains',
    '/api/system/jobs?state=all',
  ],
};

/**
 * What a page under a route asks for the one item its address names (exactly as its queries send
 * them): /reports/{id} its report, /inbox/{id} its conversation and the team its assignee is
 * picked from. Answered while the server renders the page, as LATER_QUERIES are, so the item is
 * drawn, not its loading state; as the visitor, so another business's id is the same 404 as in
 * the browser. An id other than letters, digits, `-` and `_` is left to the browser.
 */
export function subPageQueries(path: string): string[] {
  const [, area, id, more] = path.split('/');
  if (!id || more !== undefined || !/^[\w-]+$/.test(id)) return [];
  if (area === 'reports') return [`/api/analytics/reports/${id}`];
  if (area === 'inbox') return [`/api/conversations/${id}`, '/api/team/members'];
  return [];
}

/** True when `path` is `route` or lies under it: /leads/42 is under /leads, /leadsx is not. */
export function isUnder(path: string, route: string): boolean {
  return path === route || path.startsWith(`${route}/`);
}

/** The signed-in route that owns `path`, if any. */
export function signedInRouteDataFor(path: string): SignedInRouteData | undefined {
  return SIGNED_IN_ROUTES.find((route) => isUnder(path, route.path));
}
