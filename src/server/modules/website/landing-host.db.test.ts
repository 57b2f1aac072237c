import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TDomainResult } from '#shared/schemas/domains.ts';
import type { TLeadPage } from '#shared/schemas/leads.ts';
import { tenants } from '#server/db/schema/index.ts';
import { useFakeDns } from '#tests/fakes/dns-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { signedFormTime } from './lead-intake.service.ts';
import { call, callAny, publishLanding } from '#tests/kits/website.ts';

// A forged Host on a custom-domain landing page (issue 33, decision 015): a business's pages are
// served, and take leads, only on the app's own host and on that business's verified domain.
const fakeDns = useFakeDns('https://app.fieldwise.test');
const t = useTestApp({ config: fakeDns.config });

/** A business with a published page and, when asked, a custom domain (verified or only added). */
async function business(name: string, domain?: { name: string; verify: boolean }) {
  const owner = await signUp(t.app, { businessName: name });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await t.database.db
    .update(tenants)
    .set({ plan: 'enterprise', subscriptionStatus: 'active' })
    .where(eq(tenants.id, tenantId));
  const page = await publishLanding(t.app, owner.cookie);
  if (domain) {
    const added = await call(t.app, 'POST', '/api/domains', owner.cookie, { domain: domain.name });
    expect(added.statusCode, added.body).toBe(201);
    const { id, txt } = added.json<TDomainResult>().domain;
    if (domain.verify) {
      fakeDns.dns().txt.set(txt.name, [txt.value]);
      const verified = await callAny(t.app, 'POST', `/api/domains/${id}/verify`, owner.cookie);
      expect(verified.json<TDomainResult>().domain.verified).toBe(true);
    }
  }
  return { owner, page };
}

const visit = (path: string, host: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });
const post = (page: { id: string; path: string }, host: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `${page.path}/lead`,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: `10.30.0.${name.length}`,
    payload: new URLSearchParams({
      name,
      email: 'host-check@example.com',
      service: 'Furnace tune-up',
      location: 'Tacoma',
      ts: signedFormTime(t.app.deps.secretBox, page.id, Date.now() - 30_000),
    }).toString(),
  });
const leadNames = async (cookie: string) =>
  (await call(t.app, 'GET', '/api/leads', cookie)).json<TLeadPage>().leads.map((l) => l.name);

describe('a landing page under a forged Host', () => {
  it("is served and takes leads only on the app's host and its own business's verified domain", async () => {
    const a = await business('Able Heating');
    const b = await business('Baker Cooling', { name: 'pages.bakercooling.com', verify: true });
    const c = await business('Cole Roofing', { name: 'pages.coleroofing.com', verify: false });

    // Control: the app's host serves every business's page; B's domain serves B's.
    expect((await visit(a.page.path, 'app.fieldwise.test')).statusCode).toBe(200);
    expect((await visit(b.page.path, 'pages.bakercooling.com')).statusCode).toBe(200);
    expect((await post(b.page, 'pages.bakercooling.com', 'Real customer')).body).toContain('Thank you!');
    expect(await leadNames(b.owner.cookie)).toEqual(['Real customer']);

    // A's page asked for on B's domain, on C's domain that was never verified, on a name nobody
    // registered, or on one that only looks like ours: not served, and a post there stores nothing.
    for (const host of [
      'pages.bakercooling.com',
      'pages.coleroofing.com',
      'evil.example.com',
      'app.fieldwise.test.evil.com',
    ]) {
      const page = await visit(a.page.path, host);
      expect(page.statusCode, host).toBe(404);
      expect(page.body).not.toContain('Able Heating');
      expect((await post(a.page, host, `Forged via ${host}`)).statusCode, host).toBe(404);
    }
    // C's own page on its unverified domain is not served either.
    expect((await visit(c.page.path, 'pages.coleroofing.com')).statusCode).toBe(404);
    expect((await post(c.page, 'pages.coleroofing.com', 'Unverified')).statusCode).toBe(404);
    expect(await leadNames(a.owner.cookie)).toEqual([]);
    expect(await leadNames(c.owner.cookie)).toEqual([]);
  });
});
