import type { Ai } from '#server/ai/ai.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { connectionsDeps, type ConnectionsDeps } from '#server/modules/connections/connections.service.ts';
import { tasksDeps, type TasksDeps } from '#server/modules/tasks/tasks.service.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { AppServices } from '#server/services.ts';

export interface ReviewsDeps {
  db: Db;
  /** Opens the business's own Places key (Settings → Business). */
  box: SecretBox;
  ai: Ai;
  config: AppConfig['reviews'];
  connections: ConnectionsDeps;
  /** New low reviews are pushed to the members' phones (review-push.ts). */
  jobs: Pick<Jobs, 'enqueue'>;
  /** Flag for Follow-up adds a task. */
  tasks: TasksDeps;
  http?: ProviderHttpOptions;
}

export function reviewsDeps(services: AppServices): ReviewsDeps {
  return {
    db: services.database.db,
    box: services.secretBox,
    ai: services.ai,
    config: services.config.reviews,
    connections: connectionsDeps(services, services.log),
    jobs: services.jobs,
    tasks: tasksDeps(services),
  };
}
