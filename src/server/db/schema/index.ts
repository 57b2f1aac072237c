// The whole stored data model. Only tables are exported here: this object is the Drizzle
// schema handed to drizzle() and read by drizzle-kit.
export * from './accounts.ts';
export * from './onboarding.ts';
export * from './coach.ts';
export * from './leads.ts';
export * from './marketing.ts';
export * from './settings.ts';
export * from './billing.ts';
export * from './system.ts';
export * from './identities.ts';
export * from './connections.ts';
export * from './links.ts';
export * from './analytics.ts';
export * from './keywords.ts';
export * from './review-requests.ts';
export * from './social-media.ts';
export * from './lead-form.ts';
export * from './conversations.ts';
export * from './push.ts';
export * from './work.ts';
