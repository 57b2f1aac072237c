import type { Db } from '#server/db/client.ts';
import type { Ga4Config } from '#server/integrations/ga4/ga4-client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { connectionsDeps, type ConnectionsDeps } from '#server/modules/connections/connections.service.ts';
import { reviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import type { ReviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import type { AppServices } from '#server/services.ts';

/** What the analytics area is built from: GA4, the Google connection, reviews, mail and the PDF browser. */
export interface AnalyticsDeps {
  db: Db;
  ga4: Ga4Config;
  connections: ConnectionsDeps;
  reviews: ReviewsDeps;
  mailer: Mailer;
  appUrl: string;
  /** Chromium for report PDFs; undefined: the PDF route answers 503 and the page offers Print. */
  browserPath: string | undefined;
  now?: () => Date;
}

export function analyticsDeps(services: AppServices): AnalyticsDeps {
  return {
    db: services.database.db,
    ga4: { baseUrl: services.config.analytics.ga4BaseUrl },
    connections: connectionsDeps(services, services.log),
    reviews: reviewsDeps(services),
    mailer: services.mailer,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return services.config.appUrl;
    },
    browserPath: services.config.analytics.browserPath,
  };
}
