import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all: port 3000, embedded database under ./data, demo account on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.appUrl).toBe('http://127.0.0.1:3000'); // the address it prints, so cookies and mailed links agree
    expect(config.appUrlIsDefault).toBe(true);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.secureCookies).toBe(false);
  });

  it('with DATABASE_URL it uses PostgreSQL and does not create a demo account unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/fw' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/fw');
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fw', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads mail and OpenID Connect settings, and asks for the client id and secret with an issuer', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', APP_URL: 'https://app.example.com' });
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(config.mailFrom).toBe('Fieldwise <no-reply@app.example.com>');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must start with smtp:\/\//);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required/,
    );
    const oidc = loadConfig({
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'fw',
      OIDC_CLIENT_SECRET: 's3cret',
    }).oidc;
    expect(oidc).toEqual({ issuerUrl: 'https://id.example.com', clientId: 'fw', clientSecret: 's3cret' });
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ DATABASE_URL: '', APP_URL: ' ', TRUST_PROXY: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('an https APP_URL turns on secure cookies and loses its trailing slash', () => {
    const config = loadConfig({ APP_URL: 'https://app.example.com/' });
    expect(config.appUrl).toBe('https://app.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('lists every problem at once in readable words', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL: /m);
  });

  // Security review, finding 8: TRUST_PROXY=true trusted every X-Forwarded-For hop, so any
  // caller could choose the address the per-IP limits count.
  it('TRUST_PROXY takes a hop count or the proxies’ addresses, never "trust everything"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const value of ['true', 'yes', '0', '-1', '10.0.0.0/99', 'proxy.lan'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration:\n {2}- TRUST_PROXY: /);
  });

  it("SOCIAL_PUBLISH_STALE_MS: two minutes unless set, from 5 s up to the publish job's own two minutes", () => {
    expect(loadConfig({}).social.publishStaleMs).toBe(120_000);
    expect(loadConfig({ SOCIAL_PUBLISH_STALE_MS: '' }).social.publishStaleMs).toBe(120_000);
    expect(loadConfig({ SOCIAL_PUBLISH_STALE_MS: '15000' }).social.publishStaleMs).toBe(15_000);
    for (const value of ['4999', '120001', '15000.5', 'soon'])
      expect(() => loadConfig({ SOCIAL_PUBLISH_STALE_MS: value }), value).toThrow(
        /SOCIAL_PUBLISH_STALE_MS: must be a number of milliseconds from 5000 to 120000/,
      );
  });
});
