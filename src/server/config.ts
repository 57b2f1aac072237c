import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env (DESIGN.md rule 5). Every variable is documented in
 * .env.example and the README's configuration table.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a full URL such as https://app.example.com' }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
    SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['auto', 'true', 'false']).default('auto')),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://, e.g. smtps://user:pass@smtp.example.com')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
    OIDC_ISSUER_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be the provider URL, e.g. https://accounts.google.com' }).optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  })
  .refine((env) => !env.OIDC_ISSUER_URL || (env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET), {
    message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER_URL is set',
    path: ['OIDC_ISSUER_URL'],
  })
  .transform((env) => {
    const appUrl = (env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`).replace(/\/+$/, '');
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
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      // The demo account is created on an embedded database by default, never silently on a server.
      seedDemo: env.SEED_DEMO === 'true' || (env.SEED_DEMO === 'auto' && !env.DATABASE_URL),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM ?? `Fieldwise <no-reply@${new URL(appUrl).hostname}>`,
      oidc: env.OIDC_ISSUER_URL
        ? { issuerUrl: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID ?? '', clientSecret: env.OIDC_CLIENT_SECRET ?? '' }
        : undefined,
    };
  });

export type AppConfig = z.infer<typeof ConfigSchema>;

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
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...overrides });
}
