import type { Ai } from '#server/ai/ai.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Ga4AdminConfig } from '#server/integrations/ga4/ga4-admin-client.ts';
import type { SearchConsoleConfig } from '#server/integrations/search-console/search-console-client.ts';
import { connectionsDeps, type ConnectionsDeps } from '#server/modules/connections/connections.service.ts';
import type { AppServices } from '#server/services.ts';

/** What the keywords area needs beyond the database: the Google connection, Search Console, AI. */
export interface KeywordsSyncDeps {
  db: Db;
  connections: ConnectionsDeps;
  searchConsole: SearchConsoleConfig;
  now?: () => Date;
}

export interface KeywordsAppDeps extends KeywordsSyncDeps {
  ai: Ai;
  /** The GA4 Admin API (the properties offered on the Google card). */
  ga4Admin: Ga4AdminConfig;
  /** A new Search Console site's full resync runs in the background. */
  jobs: Pick<Jobs, 'enqueue'>;
}

export function keywordsDeps(services: AppServices): KeywordsAppDeps {
  return {
    db: services.database.db,
    ai: services.ai,
    connections: connectionsDeps(services, services.log),
    searchConsole: { baseUrl: services.config.keywords.searchConsoleBaseUrl },
    ga4Admin: { baseUrl: services.config.analytics.ga4AdminBaseUrl },
    jobs: services.jobs,
  };
}
