import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDERS, type TProvider } from '#shared/connections.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { testConfig } from '#server/config.ts';
import { startConnect, type ConnectionsDeps } from '#server/modules/connections/connections.service.ts';
import { fakeOAuthEnv } from '#tests/fakes/oauth-server.ts';
import { PROVIDER_CALLS } from './provider-scopes.ts';

// Every call we make with an owner's grant needs scopes the connect flow asks for: read from the
// authorization URL startConnect builds (ProviderDef.scopes, as the browser is sent), not a copy.

const deps = {
  config: testConfig(fakeOAuthEnv('http://127.0.0.1:9')).connections,
  appUrl: 'http://127.0.0.1:3000',
} as ConnectionsDeps;
const auth = { tenantId: 'tenant-1', userId: 'user-1' } as AuthContext;

async function requested(provider: TProvider): Promise<string[]> {
  const { url } = await startConnect(deps, auth, provider);
  return (new URL(url).searchParams.get('scope') ?? '').split(provider === 'meta' ? ',' : ' ');
}

/** Asked for without a call needing it: the grant itself (X gives refresh tokens only with offline.access). */
const GRANT_SCOPES: Partial<Record<TProvider, string[]>> = { x: ['offline.access'] };

describe.each(PROVIDERS)('%s scopes', (provider) => {
  it('the authorization request asks for every scope a call needs', async () => {
    const asked = await requested(provider);
    const missing = PROVIDER_CALLS[provider].flatMap((c) =>
      c.needs.filter((s) => !asked.includes(s)).map((s) => `${c.call} (${c.by}) needs ${s}`),
    );
    expect(missing).toEqual([]);
  });

  it('asks for nothing no call needs', async () => {
    const needed = new Set([...PROVIDER_CALLS[provider].flatMap((c) => c.needs), ...(GRANT_SCOPES[provider] ?? [])]);
    expect((await requested(provider)).filter((s) => !needed.has(s))).toEqual([]);
  });
});

// The call sites: every provider URL template in the files that call with an owner's grant (a
// template literal starting with a configured base URL) is in the table, and every entry is in the
// file it names. Not covered: an address a provider answers (LinkedIn's image upload URL).
const SERVER = join(import.meta.dirname, '..');
const CALLERS = ['integrations/x', 'integrations/meta', 'integrations/linkedin', 'integrations/google-business']
  .concat(['integrations/ga4', 'integrations/search-console', 'modules/connections'])
  .flatMap((dir) => readdirSync(join(SERVER, dir)).map((f) => `${dir}/${f}`))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** The path of a template or table entry with each parameter as `*`, without the query. */
const shape = (path: string) => path.replace(/\$\{[^}]*\}|\{[^}]*\}/g, '*').replace(/\?.*$/, '');

function templatesIn(file: string): string[] {
  const text = readFileSync(join(SERVER, file), 'utf8');
  return [...text.matchAll(/`\$\{([^}]*(?:[bB]aseUrl|\bbase\b)[^}]*)\}(\/[^`]*)`/g)].map((m) => shape(m[2]!));
}

const matches = (template: string, entry: string) =>
  new RegExp(`^${template.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(entry);

const entries = PROVIDERS.flatMap((p) => PROVIDER_CALLS[p].map((c) => ({ ...c, provider: p })));
const entryShape = (call: string) => shape(call.split(' ')[1]!);

describe('call sites', () => {
  it('finds the provider calls in the callers', () => {
    expect(CALLERS.length).toBeGreaterThan(10);
    expect(CALLERS.flatMap(templatesIn).length).toBeGreaterThan(30);
  });

  it.each(CALLERS)('every provider URL in %s is in the table', (file) => {
    const unlisted = templatesIn(file).filter((t) => !entries.some((e) => matches(t, entryShape(e.call))));
    expect(unlisted).toEqual([]);
  });

  it('every entry is made where the table says', () => {
    const stale = entries.filter((e) => !templatesIn(e.by).some((t) => matches(t, entryShape(e.call))));
    expect(stale.map((e) => `${e.provider} ${e.call} in ${e.by}`)).toEqual([]);
  });
});
