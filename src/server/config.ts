import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isIpOrCidr } from '#server/security/ip-ranges.ts';
import { S3_ENV, S3_KEYS_REQUIRED, bucketSettings } from '#server/s3-config.ts';
import { FELIX_MODELS } from '#shared/felix.ts';
import { trimTrailing } from '#shared/strings.ts';

/**
 * The one place that reads process.env. Every variable is documented in
 * .env.example and the README's configuration table.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_][a-z0-9_-]{0,62}(\.[a-z0-9_][a-z0-9_-]{0,62})*$/;
const isAllowEntry = (entry: string) => HOST_NAME.test(entry) || isIpOrCidr(entry);
/** A provider host setting: a full URL, defaulting to the real host, without a trailing slash. */
const pair = (clientId: string | undefined, clientSecret: string | undefined) =>
  clientId && clientSecret ? { clientId, clientSecret } : undefined;
const baseUrl = (real: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ message: `must be a full URL such as ${real}` })
      .default(real)
      .transform((v) => trimTrailing(v, '/')),
  );

const STALE_MS_RANGE = 'must be a number of milliseconds from 5000 to 120000';

const VAPID_SUBJECT = z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://');
const vapidKeys = (env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }) =>
  env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
    : undefined;
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be a full URL such as https://app.example.com' }).optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    FIELDWISE_ROLE: z.enum(['all', 'web', 'worker'], { message: 'must be all, web or worker' }).default('all'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')).transform((v, ctx) => {
      const value = v.trim();
      if (value === 'false') return false;
      if (/^\d{1,2}$/.test(value) && Number(value) >= 1) return Number(value);
      const entries = value.split(',').map((e) => e.trim());
      if (entries.every((e) => e !== '' && isIpOrCidr(e))) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be the number of proxies in front of the app (e.g. 1) or their addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); "true" (trust every hop) is not accepted',
      });
      return z.NEVER;
    }),
    SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['auto', 'true', 'false']).default('auto')),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://, e.g. smtps://user:pass@smtp.example.com')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
    OIDC_ISSUER_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be the provider URL, e.g. https://accounts.google.com' }).optional(),
    ),
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    ANTHROPIC_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    ANTHROPIC_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be a full URL such as https://api.anthropic.com/v1' }).optional(),
    ),
    OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    OPENAI_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be a full URL such as https://api.openai.com/v1' }).optional(),
    ),
    AI_COMPATIBLE_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be a full URL such as http://127.0.0.1:11434/v1' }).optional(),
    ),
    AI_COMPATIBLE_MODEL: z.preprocess(emptyToUndefined, z.string().max(80).optional()),
    AI_COMPATIBLE_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    AI_DEFAULT_MODEL: z.preprocess(emptyToUndefined, z.string().max(80).optional()),
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    SERVER_RENDER_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(120_000).default(1_500),
    // How long a social post may stay "publishing" before its run counts as dead (social-publish.service.ts);
    // at most the publish job's own limit (social.jobs.ts), after which the queue fails the run anyway.
    SOCIAL_PUBLISH_STALE_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: STALE_MS_RANGE })
        .int({ message: STALE_MS_RANGE })
        .min(5_000, STALE_MS_RANGE)
        .max(120_000, STALE_MS_RANGE)
        .default(120_000),
    ),
    VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    VAPID_SUBJECT: z.preprocess(emptyToUndefined, VAPID_SUBJECT.optional()),
    APP_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters, e.g. the output of: openssl rand -base64 48').optional(),
    ),
    OUTBOUND_ALLOW: z.preprocess(
      (v) => (typeof v === 'string' ? v : ''),
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine(
          (entries) => entries.every(isAllowEntry),
          'must be a comma-separated list of host names, IP addresses or CIDR ranges, e.g. wp.lan,192.168.1.0/24',
        ),
    ),
    TWILIO_API_BASE_URL: baseUrl('https://api.twilio.com'),
    GODADDY_API_BASE_URL: baseUrl('https://api.godaddy.com'),
    GODADDY_OTE_BASE_URL: baseUrl('https://api.ote-godaddy.com'),
    // Inbound email (issue 38): replies reach the thread through a Mailgun route posting raw MIME.
    INBOUND_EMAIL_DOMAIN: z.preprocess(
      emptyToUndefined,
      z.string().trim().toLowerCase().regex(HOST_NAME, 'must be a mail domain such as reply.example.com').optional(),
    ),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.preprocess(emptyToUndefined, z.string().min(8).max(200).optional()),
    STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
    STRIPE_API_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ message: 'must be a full URL such as https://api.stripe.com' }).default('https://api.stripe.com'),
    ),
    STRIPE_PRICE_STARTER_MONTHLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    STRIPE_PRICE_STARTER_YEARLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    STRIPE_PRICE_PROFESSIONAL_YEARLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    STRIPE_PRICE_ENTERPRISE_MONTHLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    STRIPE_PRICE_ENTERPRISE_YEARLY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    // OAuth connections (issue 14): the operator's app credentials and every provider host.
    GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    META_APP_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    META_APP_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    X_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    X_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    LINKEDIN_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    LINKEDIN_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    GOOGLE_AUTH_BASE_URL: baseUrl('https://accounts.google.com'),
    GOOGLE_OAUTH_BASE_URL: baseUrl('https://oauth2.googleapis.com'),
    GOOGLE_BUSINESS_ACCOUNTS_BASE_URL: baseUrl('https://mybusinessaccountmanagement.googleapis.com'),
    GOOGLE_BUSINESS_INFO_BASE_URL: baseUrl('https://mybusinessbusinessinformation.googleapis.com'),
    // Reviews (issue 16): the operator's Places API (New) key and the Places and Business Profile hosts.
    GOOGLE_PLACES_API_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    GOOGLE_PLACES_BASE_URL: baseUrl('https://places.googleapis.com'),
    GOOGLE_BUSINESS_REVIEWS_BASE_URL: baseUrl('https://mybusiness.googleapis.com'),
    // Analytics (issue 17): the GA4 Data API host (runReport).
    GA4_BASE_URL: baseUrl('https://analyticsdata.googleapis.com'),
    // The GA4 Admin API host (accountSummaries: the properties to choose from).
    GA4_ADMIN_BASE_URL: baseUrl('https://analyticsadmin.googleapis.com'),
    // Keywords (issue 17): the Search Console API host (sites.list, searchAnalytics.query).
    SEARCH_CONSOLE_BASE_URL: baseUrl('https://searchconsole.googleapis.com'),
    // The Chromium that renders report PDFs (decision 012); unset: /usr/bin/chromium when present.
    CHROME_PATH: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    CHROMIUM_PATH: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    META_OAUTH_BASE_URL: baseUrl('https://www.facebook.com/v21.0'),
    META_GRAPH_BASE_URL: baseUrl('https://graph.facebook.com/v21.0'),
    X_AUTH_BASE_URL: baseUrl('https://x.com'),
    X_API_BASE_URL: baseUrl('https://api.x.com'),
    X_UPLOAD_BASE_URL: baseUrl('https://api.x.com'),
    LINKEDIN_OAUTH_BASE_URL: baseUrl('https://www.linkedin.com'),
    LINKEDIN_API_BASE_URL: baseUrl('https://api.linkedin.com'),
    // Cloudflare Turnstile on the lead forms: its widget script and siteverify share this host.
    TURNSTILE_BASE_URL: baseUrl('https://challenges.cloudflare.com'),
    // Custom domains: resolvers that answer the ownership TXT lookups (unset = the system's).
    ...S3_ENV,
    DNS_SERVERS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9a-f.:[\]]+(,[0-9a-f.:[\]]+)*$/i, 'must be resolver addresses such as 1.1.1.1,8.8.8.8:53')
        .optional(),
    ),
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint) is required with STRIPE_SECRET_KEY',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine(
    (env) =>
      !env.AI_DEFAULT_MODEL ||
      env.AI_DEFAULT_MODEL === env.AI_COMPATIBLE_MODEL ||
      FELIX_MODELS.some((m) => m.id === env.AI_DEFAULT_MODEL),
    {
      message: `must be one of ${FELIX_MODELS.map((m) => m.id).join(', ')} or the AI_COMPATIBLE_MODEL`,
      path: ['AI_DEFAULT_MODEL'],
    },
  )
  .refine((env) => !env.AI_COMPATIBLE_BASE_URL || env.AI_COMPATIBLE_MODEL, {
    message: 'AI_COMPATIBLE_MODEL (the model name the server serves) is required when AI_COMPATIBLE_BASE_URL is set',
    path: ['AI_COMPATIBLE_MODEL'],
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ...(['GOOGLE_CLIENT', 'META_APP', 'X_CLIENT', 'LINKEDIN_CLIENT'] as const).map(
        (id) => [`${id}_ID`, `${id}_SECRET`] as const,
      ),
      ['INBOUND_EMAIL_DOMAIN', 'MAILGUN_WEBHOOK_SIGNING_KEY'] as const,
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const,
    ];
    for (const [a, b] of pairs)
      if (!env[a] !== !env[b])
        ctx.addIssue({ code: 'custom', path: [a], message: `${a} and ${b} go together: set both or neither` });
  })
  .refine(S3_KEYS_REQUIRED.check, { message: S3_KEYS_REQUIRED.message, path: ['S3_BUCKET'] })
  .refine((env) => !env.OIDC_ISSUER_URL || (env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET), {
    message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER_URL is set',
    path: ['OIDC_ISSUER_URL'],
  })
  .transform((env) => {
    // Through URL, so `HTTPS://App.Example.com` is https too (a scheme and a host have no case).
    const appUrl = trimTrailing(
      new URL(env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`).href,
      '/',
    );
    return {
      env: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      appUrl,
      /** True when APP_URL is unset: main.ts then puts the real listening port into appUrl. */
      appUrlIsDefault: env.APP_URL === undefined,
      secureCookies: appUrl.startsWith('https://'),
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      /** all: HTTP and background jobs in one process; web: HTTP only; worker: jobs only. */
      role: env.FIELDWISE_ROLE,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      // The demo account is created on an embedded database by default, never silently on a server.
      seedDemo: env.SEED_DEMO === 'true' || (env.SEED_DEMO === 'auto' && !env.DATABASE_URL),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM ?? `Fieldwise <no-reply@${new URL(appUrl).hostname}>`,
      oidc: env.OIDC_ISSUER_URL
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID ?? '',
            clientSecret: env.OIDC_CLIENT_SECRET ?? '',
          }
        : undefined,
      ai: {
        anthropic: env.ANTHROPIC_API_KEY
          ? { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL }
          : undefined,
        openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL } : undefined,
        compatible:
          env.AI_COMPATIBLE_BASE_URL && env.AI_COMPATIBLE_MODEL
            ? { baseUrl: env.AI_COMPATIBLE_BASE_URL, model: env.AI_COMPATIBLE_MODEL, apiKey: env.AI_COMPATIBLE_API_KEY }
            : undefined,
        defaultModel: env.AI_DEFAULT_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      },
      /** A post "publishing" longer than this has lost its run: it is looked for on the network, then sent. */
      social: { publishStaleMs: env.SOCIAL_PUBLISH_STALE_MS },
      /** A signed-in page not drawn on the server within this is sent for the browser to draw. */
      serverRenderTimeLimitMs: env.SERVER_RENDER_TIME_LIMIT_MS,
      /** Key material for stored secrets; unset = a key file under DATA_DIR (embedded database only). */
      appSecret: env.APP_SECRET,
      /** Web Push's VAPID pair; unset = derived from the secret box's key, the same in every process (decision 027). */
      vapid: { keys: vapidKeys(env), subject: env.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(appUrl).hostname}` },
      /** Hosts and CIDR ranges the SSRF guard lets through although private. */
      outboundAllow: env.OUTBOUND_ALLOW,
      twilioBaseUrl: env.TWILIO_API_BASE_URL,
      /** Replies by email into the thread: reply+{token}@domain, posted by Mailgun signed with the key. */
      inboundEmail: env.INBOUND_EMAIL_DOMAIN
        ? { domain: env.INBOUND_EMAIL_DOMAIN, signingKey: env.MAILGUN_WEBHOOK_SIGNING_KEY ?? '' }
        : undefined,
      /** Turnstile (the lead form's optional challenge): {base}/turnstile/v0/api.js and /siteverify. */
      turnstileBaseUrl: env.TURNSTILE_BASE_URL,
      /** Stripe billing; unset = every business on a local plan its admin picks. */
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiBaseUrl: trimTrailing(env.STRIPE_API_BASE_URL, '/'),
            /** Price ids by plan and interval; a missing one is found by lookup_key fieldwise_{plan}_{interval}. */
            prices: {
              starter: { month: env.STRIPE_PRICE_STARTER_MONTHLY, year: env.STRIPE_PRICE_STARTER_YEARLY },
              professional: {
                month: env.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
                year: env.STRIPE_PRICE_PROFESSIONAL_YEARLY,
              },
              enterprise: { month: env.STRIPE_PRICE_ENTERPRISE_MONTHLY, year: env.STRIPE_PRICE_ENTERPRISE_YEARLY },
            },
          }
        : undefined,
      /** OAuth apps of the operator; a provider without both values is not_configured. */
      connections: {
        google: {
          credentials: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
          authBaseUrl: env.GOOGLE_AUTH_BASE_URL,
          oauthBaseUrl: env.GOOGLE_OAUTH_BASE_URL,
          businessAccountsBaseUrl: env.GOOGLE_BUSINESS_ACCOUNTS_BASE_URL,
          businessInfoBaseUrl: env.GOOGLE_BUSINESS_INFO_BASE_URL,
        },
        meta: {
          credentials: pair(env.META_APP_ID, env.META_APP_SECRET),
          oauthBaseUrl: env.META_OAUTH_BASE_URL,
          graphBaseUrl: env.META_GRAPH_BASE_URL,
        },
        x: {
          credentials: pair(env.X_CLIENT_ID, env.X_CLIENT_SECRET),
          authBaseUrl: env.X_AUTH_BASE_URL,
          apiBaseUrl: env.X_API_BASE_URL,
          uploadBaseUrl: env.X_UPLOAD_BASE_URL,
        },
        linkedin: {
          credentials: pair(env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET),
          oauthBaseUrl: env.LINKEDIN_OAUTH_BASE_URL,
          apiBaseUrl: env.LINKEDIN_API_BASE_URL,
        },
      },
      /** Reviews: Places search/details (no key = sample data under Demo Data) and Business Profile reviews. */
      reviews: {
        placesApiKey: env.GOOGLE_PLACES_API_KEY,
        placesBaseUrl: env.GOOGLE_PLACES_BASE_URL,
        businessBaseUrl: env.GOOGLE_BUSINESS_REVIEWS_BASE_URL,
      },
      /** Keywords: the Search Console API host. */
      keywords: { searchConsoleBaseUrl: env.SEARCH_CONSOLE_BASE_URL },
      /** Analytics: the GA4 Data API host. */
      analytics: {
        ga4BaseUrl: env.GA4_BASE_URL,
        ga4AdminBaseUrl: env.GA4_ADMIN_BASE_URL,
        browserPath:
          env.CHROME_PATH ?? env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
      },
      /** The S3-compatible bucket for job photos; undefined = {dataDir}/uploads. */
      photoBucket: bucketSettings(env),
      /** Resolvers for custom-domain TXT checks; undefined = the system's. */
      dnsServers: env.DNS_SERVERS?.split(','),
      godaddyBaseUrl: { production: env.GODADDY_API_BASE_URL, sandbox: env.GODADDY_OTE_BASE_URL },
    };
  });

export type AppConfig = z.infer<typeof ConfigSchema>;
export type ConnectionsConfig = AppConfig['connections'];

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  return parsed.data;
}

/** Reads ./.env into process.env when present (values already set win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** A complete config for tests and scripts, overriding what they need. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  // A fixed APP_SECRET keeps tests from writing a key file under ./data.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_SECRET: 'test-only-app-secret-0123456789abcdef',
    ...overrides,
  });
}
