// Where a lead came from (attribution): the leads list shows it, the coach groups revenue by it.

/** Where a lead came from, as the Revenue by source view groups it. */
export const LEAD_SOURCES = [
  'finished_job',
  'landing_page',
  'social_post',
  'google_business',
  'organic_search',
  'manual',
  'csv_import',
  'text',
  'email',
  'other',
] as const;
export type TLeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<TLeadSource, string> = {
  finished_job: 'Finished jobs',
  landing_page: 'Landing page',
  social_post: 'Social post',
  google_business: 'Google Business Profile',
  organic_search: 'Organic search',
  manual: 'Manual entry',
  csv_import: 'CSV import',
  text: 'Text message',
  email: 'Email',
  other: 'Other',
};

/** How an organic-search lead whose search words nobody passed on is named (never guessed). */
export const KEYWORD_NOT_PROVIDED = 'Organic search — keyword not provided';

/** The campaign tag of a finished job's links: job-{job id}. */
export const JOB_CAMPAIGN = /^job-[0-9a-f-]{36}$/i;
const SOCIAL_UTM = new Set(['facebook', 'instagram', 'linkedin', 'twitter', 'x', 'social', 'fb', 'ig']);
const GBP_UTM = new Set(['gbp', 'google_business', 'google-business', 'gmb', 'google_business_profile']);

/** Where a lead came from: the stored source, refined by the UTM tags of the visit that sent it. */
export function leadSourceOf(source: string | null, utm: Record<string, string> | null): TLeadSource {
  // A finished job's project page, or a visit from a job's post (its link is tagged utm_campaign=job-{id}).
  if (source?.startsWith('project:')) return 'finished_job';
  // Most leads carry no tags: the list works this out for every lead it shows, so skip the checks.
  if (utm) {
    if (JOB_CAMPAIGN.test(utm.utm_campaign ?? '')) return 'finished_job';
    const s = (utm.utm_source ?? '').toLowerCase();
    const m = (utm.utm_medium ?? '').toLowerCase();
    if (GBP_UTM.has(s) || m === 'gbp') return 'google_business';
    if (SOCIAL_UTM.has(s) || m === 'social' || m === 'social_post') return 'social_post';
    if (m === 'organic') return 'organic_search';
  }
  const stored = source ?? 'manual';
  const colon = stored.indexOf(':');
  const kind = colon < 0 ? stored : stored.slice(0, colon);
  if (kind === 'landing') return 'landing_page';
  if (kind === 'social' || kind === 'link') return 'social_post';
  if (kind === 'gbp' || kind === 'google_business') return 'google_business';
  if (kind === 'organic' || kind === 'search') return 'organic_search';
  if (kind === 'csv' || kind === 'import') return 'csv_import';
  if (kind === 'manual') return 'manual';
  if (kind === 'text') return 'text';
  if (kind === 'email') return 'email';
  return 'other';
}

/** The sources a person can pick when entering a lead by hand (a call from the Google listing, …). */
export const ENTERED_SOURCES = ['manual', 'google_business', 'organic_search', 'social_post'] as const;
export type TEnteredSource = (typeof ENTERED_SOURCES)[number];
const STORED: Record<TEnteredSource, string | null> = {
  manual: null,
  google_business: 'gbp',
  organic_search: 'organic',
  social_post: 'social',
};
/** What the leads table keeps for a picked source (null = entered by hand). */
export const storedSourceOf = (source: TEnteredSource): string | null => STORED[source];

/** A keyword row's name: the search words in quotes, or the honest "keyword not provided". */
export const keywordLabel = (keyword: string | null): string =>
  keyword === null ? KEYWORD_NOT_PROVIDED : `“${keyword}”`;
