import type { Ai } from '#server/ai/ai.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { onboardingDeps, type OnboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { settingsDeps, type SettingsDeps } from '#server/modules/settings/settings.service.ts';
import type { AppServices } from '#server/services.ts';

/** What the website area is built from; the business profile and WordPress keys come from their owners. */
export interface WebsiteDeps {
  db: Db;
  ai: Ai;
  jobs: Jobs;
  mailer: Mailer;
  onboarding: OnboardingDeps;
  settings: SettingsDeps;
  /** Cloudflare Turnstile (the lead form's optional check): widget script and siteverify. */
  turnstileBaseUrl: string;
}

export function websiteDeps(services: AppServices): WebsiteDeps {
  return {
    db: services.database.db,
    ai: services.ai,
    jobs: services.jobs,
    mailer: services.mailer,
    onboarding: onboardingDeps(services),
    settings: settingsDeps(services),
    turnstileBaseUrl: services.config.turnstileBaseUrl,
  };
}
