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
};

export const socialKeys = {
  all: ['social'] as const,
  posts: (range: { from?: string; to?: string }) => [...socialKeys.all, 'posts', range] as const,
};

export const websiteKeys = {
  all: ['website'] as const,
  blogPosts: () => [...websiteKeys.all, 'blog-posts'] as const,
  landingPages: () => [...websiteKeys.all, 'landing-pages'] as const,
};
