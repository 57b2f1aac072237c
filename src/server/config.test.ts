import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all: port 3000, embedded database under ./data, demo account on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.secureCookies).toBe(false);
  });

  it('with DATABASE_URL it uses PostgreSQL and does not create a demo account unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/fw' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/fw');
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fw', SEED_DEMO: 'true' }).seedDemo).toBe(true);
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
});
