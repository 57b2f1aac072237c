import type * as schema from './schema/index.ts';

/**
 * One owner per table: the module (or, outside `modules/`, the server folder) whose repo may
 * query it. Another area reads or changes it through the owner's exported service functions.
 * The key is the table's export in `schema/index.ts`, so a new table that is not listed here
 * fails the type check; `scripts/check-tables.ts` (run by `npm test`) fails when a file imports a
 * table its area does not own.
 */
export const TABLE_OWNERS = {
  // Accounts: people, businesses, their memberships, sessions and mailed-link tokens.
  users: 'auth',
  tenants: 'auth',
  memberships: 'auth',
  sessions: 'auth',
  oneTimeTokens: 'auth',
  userIdentities: 'auth',
  teamInvitations: 'team',
  tenantDomains: 'domains',
  // Kept from the original data model; no code reads or writes it (the connections table holds tokens).
  oauthConnections: 'connections',
  connections: 'connections',
  rateLimits: 'security',

  leads: 'leads',
  activities: 'leads',
  tasks: 'tasks',

  // Web Push: members' devices and their choices (issue 37).
  pushSubscriptions: 'push',
  pushPreferences: 'push',

  reviews: 'reviews',
  reviewBusinesses: 'reviews',
  reviewReplyTemplates: 'reviews',
  reviewRequestSettings: 'reviews',
  reviewRequests: 'reviews',
  reviewEmailOptOuts: 'reviews',

  // Every customer's thread and its messages; the STOP list of the business's number (issue 38:
  // every text we send honours it, not only review requests, so the list left the reviews area).
  conversations: 'conversations',
  conversationMessages: 'conversations',
  conversationSettings: 'conversations',
  reviewOptOuts: 'conversations',

  socialPosts: 'social',
  socialMediaAnalytics: 'social',
  socialImages: 'social',
  // Kept from the original data model; unused (a social account's tokens are in connections).
  socialMediaConfigs: 'social',

  blogPosts: 'website',
  blogPostImages: 'website',
  landingPages: 'website',
  leadFormStamps: 'website',
  leadAutoReplies: 'website',
  leadAutoReplyDays: 'website',

  // Finished work (issue 36): the `work` module, not the background-job queue in server/jobs/.
  workJobs: 'work',
  jobPhotos: 'work',
  jobProposals: 'work',
  // Kept from the original data model; unused (a blog post keeps its own WordPress id and link).
  wordpressPosts: 'website',

  seoKeywords: 'keywords',
  seoKeywordDays: 'keywords',
  seoKeywordSites: 'keywords',

  analyticsReports: 'analytics',
  analyticsPreferences: 'analytics',
  analyticsEvents: 'events',

  aiCoachInsights: 'coach',
  userGoals: 'coach',
  userAchievements: 'coach',
  userEngagementSessions: 'coach',
  // Points and level (coach); the dashboard's card layout is one column of it (dashboard).
  userProgress: 'coach',
  // Kept from the original data model; unused.
  userEngagementMetrics: 'coach',

  userOnboarding: 'onboarding',

  clients: 'settings',
  clientConfigurations: 'settings',

  payments: 'billing',
  webhookEvents: 'billing',
  // Kept from the original data model; unused (the plans are src/shared/plans.ts).
  subscriptionPlans: 'billing',

  trackedLinks: 'links',
  linkClicks: 'links',

  aiUsage: 'ai',
  emailLogs: 'mail',
} as const satisfies Record<keyof typeof schema, string>;

export type TableName = keyof typeof TABLE_OWNERS;
