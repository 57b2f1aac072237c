import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useFakeDns } from '#tests/fakes/dns-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { DOMAIN_MESSAGES, type TDomainList, type TDomainResult } from '#shared/schemas/domains.ts';
import { clients, tenants } from '#server/db/schema/index.ts';
import { domainsDeps, normalizeDomain, recheckVerifiedDomains } from './domains.service.ts';

// The fake resolver must be up before the app reads DNS_SERVERS.
const fakeDns = useFakeDns('https://app.fieldwise.test');
const { config } = fakeDns;
// A built client of one page, to see what index.html each host gets.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'fw-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<html><head><title>Fieldwise</title></head><body></body></html>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ config, clientDir });

type Method = 'GET' | 'POST' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: Record<string, unknown>, host?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(host ? { host } : {}) },
    ...(payload ? { payload } : {}),
  });

async function enterpriseOwner(businessName: string) {
  const owner = await signUp(t.app, { businessName });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await t.database.db
    .update(tenants)
    .set({ plan: 'enterprise', subscriptionStatus: 'active' })
    .where(eq(tenants.id, tenantId));
  return { ...owner, tenantId };
}

describe('custom domains', () => {
  it('keeps only the host name of what an owner pastes, and refuses what is not a public domain', () => {
    expect(normalizeDomain('  https://App.Acme-Heating.com/contact?x=1 ')).toBe('app.acme-heating.com');
    expect(normalizeDomain('acme.com.')).toBe('acme.com');
    expect(normalizeDomain('bücher.de')).toBe('xn--bcher-kva.de');
    for (const bad of ['localhost', '10.0.0.1', '[::1]', 'acme', 'acme.c0m', '-acme.com', 'ac me.com', 'https://']) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });

  it('is added with a TXT record, verified by DNS, then serves the business brand; removing it stops that', async () => {
    const owner = await enterpriseOwner('Acme Heating');
    await t.database.db
      .insert(clients)
      .values({
        tenantId: owner.tenantId,
        name: 'Acme Comfort',
        primaryColor: '#0f766e',
        secondaryColor: '#f97316',
        isActive: true,
      })
      .onConflictDoNothing();

    const added = await call(owner.cookie, 'POST', '/api/domains', { domain: 'https://App.AcmeHeating.com/' });
    expect(added.statusCode, added.body).toBe(201);
    const { domain, message } = added.json<TDomainResult>();
    expect(message).toBe(DOMAIN_MESSAGES.added);
    expect(domain).toMatchObject({
      domain: 'app.acmeheating.com',
      verified: false,
      url: 'https://app.acmeheating.com',
    });
    expect(domain.txt.name).toBe('_fieldwise.app.acmeheating.com');
    expect(domain.txt.value).toMatch(/^fieldwise-verification=[\w-]{20,}$/);
    expect(domain.cname).toEqual({ name: 'app.acmeheating.com', value: 'app.fieldwise.test' });

    // Not verified yet: the host is not the business's, so it gets no brand and no CSRF pass.
    const before = await call('', 'GET', '/api/public/brand', undefined, 'app.acmeheating.com');
    expect(before.json()).toEqual({ brand: null });

    const early = await call(owner.cookie, 'POST', `/api/domains/${domain.id}/verify`);
    expect(early.statusCode).toBe(200);
    expect(early.json<TDomainResult>()).toMatchObject({
      message: DOMAIN_MESSAGES.notFoundYet,
      domain: { verified: false, lastError: DOMAIN_MESSAGES.notFoundYet },
    });

    fakeDns.dns().txt.set('_fieldwise.app.acmeheating.com', ['v=spf1 -all', domain.txt.value]);
    const verified = await call(owner.cookie, 'POST', `/api/domains/${domain.id}/verify`);
    expect(verified.json<TDomainResult>()).toMatchObject({
      message: DOMAIN_MESSAGES.verified,
      domain: { verified: true, lastError: null },
    });
    expect(verified.json<TDomainResult>().domain.verifiedAt).not.toBeNull();

    const brand = await call('', 'GET', '/api/public/brand', undefined, 'app.acmeheating.com');
    expect(brand.json()).toEqual({
      brand: { name: 'Acme Comfort', logoUrl: null, primaryColor: '#0f766e', secondaryColor: '#f97316' },
    });
    const tls = (domain: string) => call('', 'GET', `/api/public/tls-allowed?domain=${domain}`);
    expect((await tls('app.acmeheating.com')).statusCode).toBe(200);
    expect((await tls('other.acmeheating.com')).statusCode).toBe(404);
    // The sign-in page on the domain carries the brand in index.html; on the app's host it does not.
    const login = await call('', 'GET', '/login', undefined, 'app.acmeheating.com');
    expect(login.body).toContain('<title>Acme Comfort</title>');
    expect(login.body).toContain('<meta name="fw-brand" content="{&quot;name&quot;:&quot;Acme Comfort&quot;');
    const plain = await call('', 'GET', '/login', undefined, 'app.fieldwise.test');
    expect(plain.body).toBe('<html><head><title>Fieldwise</title></head><body></body></html>');
    const home = await call('', 'GET', '/', undefined, 'app.acmeheating.com');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/login');

    // A form posted from the domain's own pages passes the CSRF check; one from elsewhere does not.
    const fromDomain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'app.acmeheating.com', origin: 'https://app.acmeheating.com' },
      payload: { email: owner.email, password: 'wrong-password-1' },
    });
    expect(fromDomain.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'app.fieldwise.test', origin: 'https://app.acmeheating.com' },
      payload: { email: owner.email, password: 'wrong-password-1' },
    });
    expect(forged.statusCode).toBe(403);

    // The record is removed at the registrar: the daily re-check takes the domain out of service.
    fakeDns.dns().txt.delete('_fieldwise.app.acmeheating.com');
    expect(await recheckVerifiedDomains(domainsDeps(t.app.deps))).toMatchObject({ lost: 1 });
    const after = await call('', 'GET', '/api/public/brand', undefined, 'app.acmeheating.com');
    expect(after.json()).toEqual({ brand: null });
    expect((await tls('app.acmeheating.com')).statusCode).toBe(404);

    const removed = await call(owner.cookie, 'DELETE', `/api/domains/${domain.id}`);
    expect(removed.json()).toEqual({ message: DOMAIN_MESSAGES.removed });
    expect((await call(owner.cookie, 'GET', '/api/domains')).json<TDomainList>()).toEqual({
      domains: [],
      upgradeMessage: null,
    });
  });

  it('answers bad input with the reason and keeps one domain to one business', async () => {
    const a = await enterpriseOwner('Able Plumbing');
    const b = await enterpriseOwner('Baker Electric');
    const bad = await call(a.cookie, 'POST', '/api/domains', { domain: 'http://192.168.1.10/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DOMAIN_MESSAGES.invalid);
    const ours = await call(a.cookie, 'POST', '/api/domains', { domain: 'evil.app.fieldwise.test' });
    expect(ours.json().message).toBe(DOMAIN_MESSAGES.ours);

    const first = await call(a.cookie, 'POST', '/api/domains', { domain: 'ableplumbing.com' });
    expect(first.statusCode).toBe(201);
    const again = await call(a.cookie, 'POST', '/api/domains', { domain: 'AblePlumbing.com' });
    expect([again.statusCode, again.json().message]).toEqual([409, DOMAIN_MESSAGES.duplicate]);
    const taken = await call(b.cookie, 'POST', '/api/domains', { domain: 'ableplumbing.com' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, DOMAIN_MESSAGES.taken]);

    // Another business's domain is not there for b at all.
    const id = first.json<TDomainResult>().domain.id;
    expect((await call(b.cookie, 'POST', `/api/domains/${id}/verify`)).statusCode).toBe(404);
    expect((await call(b.cookie, 'DELETE', `/api/domains/${id}`)).statusCode).toBe(404);
    expect((await call(b.cookie, 'GET', '/api/domains')).json<TDomainList>().domains).toEqual([]);
  });

  it('is an Enterprise (white label) feature', async () => {
    const owner = await signUp(t.app, { businessName: 'Small Lawns' });
    const res = await call(owner.cookie, 'POST', '/api/domains', { domain: 'smalllawns.com' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/White label is part of the Enterprise plan/);
    const list = (await call(owner.cookie, 'GET', '/api/domains')).json<TDomainList>();
    expect(list).toEqual({ domains: [], upgradeMessage: res.json().message });
  });
});
