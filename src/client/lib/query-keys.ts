/**
 * One key factory per area. Mutations invalidate through these keys,
 * e.g. `queryClient.invalidateQueries({ queryKey: authKeys.all })`.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  /** The one-time answer to a verification link, cached so a remount never posts the token again. */
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
};

export const devKeys = {
  all: ['dev'] as const,
  status: () => [...devKeys.all, 'status'] as const,
};

export const onboardingKeys = {
  all: ['onboarding'] as const,
  saved: () => [...onboardingKeys.all, 'saved'] as const,
};

export const leadKeys = {
  all: ['leads'] as const,
  list: (filters: { q?: string; status?: string; priority?: string }) => [...leadKeys.all, 'list', filters] as const,
  summary: () => [...leadKeys.all, 'summary'] as const,
  scores: () => [...leadKeys.all, 'scores'] as const,
  /** Organic search revenue per keyword (shown on /keywords; a converted lead changes it). */
  keywordRevenue: (days: number) => [...leadKeys.all, 'keyword-revenue', days] as const,
  hottest: () => [...leadKeys.all, 'hottest'] as const,
};

export const activityKeys = {
  all: ['activities'] as const,
  list: (limit: number) => [...activityKeys.all, 'list', limit] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: () => [...dashboardKeys.all, 'overview'] as const,
  /** GET /api/felix/next-steps: under the dashboard, so every task change refreshes it. */
  nextSteps: () => [...dashboardKeys.all, 'next-steps'] as const,
  /** GET /api/dashboard/layout: the user's own cards and their order. */
  layout: () => [...dashboardKeys.all, 'layout'] as const,
};

export const felixKeys = {
  all: ['felix'] as const,
  models: () => [...felixKeys.all, 'models'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  config: () => [...settingsKeys.all, 'config'] as const,
  branding: () => [...settingsKeys.all, 'branding'] as const,
  autoReplies: () => [...settingsKeys.all, 'auto-replies'] as const,
};

export const registrarKeys = {
  all: ['registrar'] as const,
  domains: () => [...registrarKeys.all, 'domains'] as const,
};

export const systemKeys = {
  all: ['system'] as const,
  jobs: (state: string) => [...systemKeys.all, 'jobs', state] as const,
};

export const taskKeys = {
  all: ['tasks'] as const,
  list: (status: 'pending' | 'completed' | 'all') => [...taskKeys.all, 'list', status] as const,
};

export const businessKeys = {
  all: ['businesses'] as const,
};

export const domainKeys = {
  all: ['domains'] as const,
};

export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  preview: (token: string) => [...teamKeys.all, 'preview', token] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
};

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  accounts: (provider: string) => [...connectionKeys.all, 'accounts', provider] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  places: (q: string) => [...reviewKeys.all, 'places', q] as const,
  business: () => [...reviewKeys.all, 'business'] as const,
  list: (filters: { rating?: number; replied: string; since?: string }) =>
    [...reviewKeys.all, 'list', filters] as const,
  templates: () => [...reviewKeys.all, 'templates'] as const,
  requests: (days: number) => [...reviewKeys.all, 'requests', days] as const,
};

export const socialKeys = {
  all: ['social'] as const,
  posts: (range: { from?: string; to?: string }) => [...socialKeys.all, 'posts', range] as const,
  analytics: (period: string) => [...socialKeys.all, 'analytics', period] as const,
};

export const websiteKeys = {
  all: ['website'] as const,
  blogPosts: () => [...websiteKeys.all, 'blog-posts'] as const,
  landingPages: () => [...websiteKeys.all, 'landing-pages'] as const,
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  status: () => [...analyticsKeys.all, 'status'] as const,
  metrics: (period: string) => [...analyticsKeys.all, 'metrics', period] as const,
  traffic: (period: string) => [...analyticsKeys.all, 'traffic', period] as const,
  sources: (period: string) => [...analyticsKeys.all, 'sources', period] as const,
  keywords: () => [...analyticsKeys.all, 'top-keywords'] as const,
  reviews: () => [...analyticsKeys.all, 'reviews'] as const,
  reports: () => [...analyticsKeys.all, 'reports'] as const,
  report: (id: string) => [...analyticsKeys.all, 'reports', id] as const,
  preferences: () => [...analyticsKeys.all, 'preferences'] as const,
};

export const coachKeys = {
  all: ['coach'] as const,
  insights: () => [...coachKeys.all, 'insights'] as const,
  goals: () => [...coachKeys.all, 'goals'] as const,
  metrics: () => [...coachKeys.all, 'metrics'] as const,
  revenue: (days: number) => [...coachKeys.all, 'revenue', days] as const,
};

export const keywordKeys = {
  all: ['keywords'] as const,
  list: (query: { page: number; sort: string; dir: string; q: string }) => [...keywordKeys.all, 'list', query] as const,
  summary: () => [...keywordKeys.all, 'summary'] as const,
  insights: () => [...keywordKeys.all, 'insights'] as const,
  /** The Google card's Search Console site and GA4 property choices. */
  googleProperties: () => [...keywordKeys.all, 'google-properties'] as const,
};

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (filters: { filter: string; q: string }) => [...inboxKeys.all, 'list', filters] as const,
  thread: (id: string) => [...inboxKeys.all, 'thread', id] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
  settings: () => [...inboxKeys.all, 'settings'] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
  proposals: (id: string) => [...jobKeys.all, 'proposals', id] as const,
};

export const pushKeys = {
  all: ['push'] as const,
  /** GET /api/push: the VAPID key, this member's devices and choices. */
  settings: () => [...pushKeys.all, 'settings'] as const,
};
