import type { FastifyBaseLogger } from 'fastify';
import { SETTINGS_MESSAGES } from '#shared/settings.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import type { TProvider } from '#shared/schemas/connections.ts';
import { AppError } from '#server/errors.ts';
import type { GodaddyCredentials } from '#server/integrations/godaddy/godaddy-client.ts';
import type { TwilioCredentials } from '#server/integrations/twilio/twilio-client.ts';
import type { WordpressCredentials } from '#server/integrations/wordpress/wordpress-client.ts';
import { findConnection, listConnections } from '#server/modules/connections/connections.repo.ts';
import { openToken, withToken, type ConnectionsDeps } from '#server/modules/connections/connections-tokens.service.ts';
import {
  registrarCredentials,
  wordpressCredentials,
  type SettingsDeps,
} from '#server/modules/settings/settings.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { SmokeReport } from './smoke-report.ts';

/**
 * Where the smoke check's credentials come from: a business's stored connections and settings
 * (opened with the app's key, an expiring token refreshed and stored the way the app does it), or
 * SMOKE_* environment variables for a check before any business is connected. Every secret is
 * handed to the report, which masks it.
 */

export interface TokenAccess {
  /** The chosen account (location, Page, X user, organization URN); null when none is chosen. */
  accountId: string | null;
  /** Runs `call` with a live token: for Meta the Page's token, otherwise the user's. */
  use<T>(call: (token: string) => Promise<T>): Promise<T>;
}

/** Credentials read when first used: an unreadable one is that provider's FAIL, not the run's end. */
type Lazy<T> = () => Promise<T>;

export interface SmokeSources {
  tokens: Partial<Record<TProvider, TokenAccess>>;
  twilio?: Lazy<TwilioCredentials>;
  wordpress?: Lazy<WordpressCredentials>;
  godaddy?: Lazy<GodaddyCredentials>;
}

/** The credentials `load` answers, or undefined when the business has not saved them (its "Missing Configuration"). */
async function saved<T>(
  load: () => Promise<T>,
  notConfigured: string,
  report: SmokeReport,
  secretsOf: (value: T) => string[],
): Promise<Lazy<T> | undefined> {
  try {
    const value = await load();
    for (const secret of secretsOf(value)) report.secret(secret);
    return () => Promise.resolve(value);
  } catch (err) {
    if (err instanceof AppError && err.message === notConfigured) return undefined;
    return () => Promise.reject(err);
  }
}

/** What reading a business's credentials takes: the app's config, database and key. */
export interface BusinessStore {
  config: AppConfig;
  db: Db;
  box: SecretBox;
  /** Needed by the connections deps; the smoke check records no problem, so it mails nobody. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  http: ProviderHttpOptions;
}

export async function businessSources(
  store: BusinessStore,
  tenantId: string,
  report: SmokeReport,
): Promise<SmokeSources> {
  const { config, db, box } = store;
  // No queue here: a problem it meets is recorded and mailed, and its push is logged as not queued.
  const jobs = { enqueue: () => Promise.reject(new Error('the smoke check has no job queue')) };
  const deps: ConnectionsDeps = { ...store, jobs, config: config.connections, appUrl: config.appUrl };
  const settings: SettingsDeps = {
    db,
    box,
    outbound: createOutbound({ allow: config.outboundAllow }),
    twilioBaseUrl: config.twilioBaseUrl,
    godaddyBaseUrl: config.godaddyBaseUrl,
    appUrl: config.appUrl,
  };
  const tokens: SmokeSources['tokens'] = {};
  for (const listed of await listConnections(deps.db, tenantId)) {
    const provider = listed.provider as TProvider;
    tokens[provider] = {
      accountId: listed.externalAccountId,
      async use(call) {
        // Read again for every use: a refresh stores new tokens (X's refresh token works only once).
        const row = (await findConnection(deps.db, tenantId, provider)) ?? listed;
        return withToken(deps, row, (token) => {
          const used = provider === 'meta' && row.accountToken ? openToken(deps, row, 'account') : token;
          report.secret(token);
          report.secret(used);
          return call(used);
        });
      },
    };
  }
  const sender = await smsSender(deps, tenantId);
  report.secret(sender?.authToken);
  const wordpress = await saved(
    () => wordpressCredentials(settings, tenantId),
    SETTINGS_MESSAGES.wordpressNotConfigured.message,
    report,
    (c) => [c.appPassword],
  );
  const godaddy = await saved(
    () => registrarCredentials(settings, tenantId),
    SETTINGS_MESSAGES.registrarNotConfigured.message,
    report,
    (c) => [c.apiKey, c.apiSecret],
  );
  return {
    tokens,
    ...(sender
      ? { twilio: () => Promise.resolve({ accountSid: sender.accountSid, authToken: sender.authToken }) }
      : {}),
    ...(wordpress ? { wordpress } : {}),
    ...(godaddy ? { godaddy } : {}),
  };
}

/** The SMOKE_* variables, for the docs and the usage text. */
export const SMOKE_ENV = {
  google: ['SMOKE_GOOGLE_ACCESS_TOKEN', 'SMOKE_GOOGLE_LOCATION (accounts/…/locations/…, optional)'],
  meta: ['SMOKE_META_PAGE_TOKEN', 'SMOKE_META_PAGE_ID'],
  x: ['SMOKE_X_ACCESS_TOKEN'],
  linkedin: ['SMOKE_LINKEDIN_ACCESS_TOKEN', 'SMOKE_LINKEDIN_ORGANIZATION (id or urn:li:organization:…)'],
  twilio: ['SMOKE_TWILIO_ACCOUNT_SID', 'SMOKE_TWILIO_AUTH_TOKEN'],
  wordpress: ['SMOKE_WORDPRESS_URL', 'SMOKE_WORDPRESS_USERNAME', 'SMOKE_WORDPRESS_APP_PASSWORD'],
  godaddy: ['SMOKE_GODADDY_API_KEY', 'SMOKE_GODADDY_API_SECRET', 'SMOKE_GODADDY_ENVIRONMENT (sandbox|production)'],
} as const;

/** Credentials from SMOKE_* variables; a provider whose variables are not all set is not connected. */
export function envSources(env: Record<string, string | undefined>, report: SmokeReport): SmokeSources {
  const get = (name: string) => env[name]?.trim() || undefined;
  const secret = (name: string) => {
    const value = get(name);
    report.secret(value);
    return value;
  };
  const fixed = (token: string | undefined, accountId: string | null): TokenAccess | undefined =>
    token ? { accountId, use: (call) => call(token) } : undefined;
  const org = get('SMOKE_LINKEDIN_ORGANIZATION');
  const tokens: SmokeSources['tokens'] = {
    google: fixed(secret('SMOKE_GOOGLE_ACCESS_TOKEN'), get('SMOKE_GOOGLE_LOCATION') ?? null),
    meta: get('SMOKE_META_PAGE_ID') ? fixed(secret('SMOKE_META_PAGE_TOKEN'), get('SMOKE_META_PAGE_ID')!) : undefined,
    x: fixed(secret('SMOKE_X_ACCESS_TOKEN'), null),
    linkedin: org
      ? fixed(secret('SMOKE_LINKEDIN_ACCESS_TOKEN'), org.startsWith('urn:') ? org : `urn:li:organization:${org}`)
      : undefined,
  };
  const sid = get('SMOKE_TWILIO_ACCOUNT_SID');
  const authToken = secret('SMOKE_TWILIO_AUTH_TOKEN');
  const siteUrl = get('SMOKE_WORDPRESS_URL');
  const username = get('SMOKE_WORDPRESS_USERNAME');
  const appPassword = secret('SMOKE_WORDPRESS_APP_PASSWORD');
  const apiKey = secret('SMOKE_GODADDY_API_KEY');
  const apiSecret = secret('SMOKE_GODADDY_API_SECRET');
  const environment = get('SMOKE_GODADDY_ENVIRONMENT') === 'production' ? 'production' : 'sandbox';
  return {
    tokens: Object.fromEntries(Object.entries(tokens).filter(([, access]) => access)),
    ...(sid && authToken ? { twilio: () => Promise.resolve({ accountSid: sid, authToken }) } : {}),
    ...(siteUrl && username && appPassword
      ? { wordpress: () => Promise.resolve({ siteUrl, username, appPassword }) }
      : {}),
    ...(apiKey && apiSecret ? { godaddy: () => Promise.resolve({ apiKey, apiSecret, environment }) } : {}),
  };
}
