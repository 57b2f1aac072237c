import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_DATA, fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '#tests/fakes/oauth-server.ts';
import { makeBusinessReviews, startFakeBusiness, type FakeBusiness } from '#tests/fakes/google-business-server.ts';
import { startFakeSearchConsole, type FakeSearchConsole } from '#tests/fakes/search-console-server.ts';
import { startFakeGa4, type FakeGa4 } from '#tests/fakes/ga4-server.ts';
import { FAKE_SOCIAL, startFakeSocialServer, type FakeSocialServer } from '#tests/fakes/social-server.ts';
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';
import { listen, type Listening } from '#tests/fakes/listen.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { findConnection, upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { syncPastedConnection } from '#server/modules/connections/connections.service.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { SmokeReport } from '../../scripts/smoke/smoke-report.ts';
import { businessSources, envSources, type SmokeSources } from '../../scripts/smoke/smoke-sources.ts';
import { runSmoke } from '../../scripts/smoke/smoke-run.ts';

// `npm run smoke:providers` against the local fakes: a business with every provider connected
// gets one PASS line per call and exit code 0; a provider that refuses is a FAIL line in its own
// words; a provider not connected is a SKIP line; no token, password or key is ever printed.

let oauth: FakeOAuthServer;
let business: FakeBusiness;
let searchConsole: FakeSearchConsole;
let ga4: FakeGa4;
let social: FakeSocialServer;
let network: Listening;
let twilio: FakeTwilio;
let wordpress: FakeWordpress;
let godaddy: FakeGodaddy;
const options = { config: {} as Record<string, string> };
const SOCIAL_TOKENS = { meta: 'page-token-smoke-1', linkedin: 'li-token-smoke-1', x: 'x-token-smoke-1' };

/**
 * The social fake, plus the deletes it does not speak yet (Graph DELETE /{id}, X DELETE
 * /2/tweets/:id, LinkedIn DELETE /rest/posts/{urn}), in the networks' answer shapes: a deleted
 * post is no longer listed. Every other request goes on to the fake unchanged.
 */
async function withDeletes(fake: FakeSocialServer): Promise<Listening> {
  return listen((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', fake.url).pathname);
    const answer = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (req.method === 'DELETE') {
      const id = /^\/2\/tweets\/(\d+)$|^\/rest\/posts\/(urn:li:share:\d+)$|^\/(\d[\w]*)$/
        .exec(path)
        ?.slice(1)
        .find(Boolean);
      const at = fake.received.findIndex((p) => p.id === id);
      const ig = fake.instagramMedia.findIndex((m) => m.id === id);
      if (at >= 0) fake.received.splice(at, 1);
      if (ig >= 0) fake.instagramMedia.splice(ig, 1);
      if (at < 0 && ig < 0) return answer(404, { error: { message: 'Unsupported delete request.', code: 100 } });
      if (path.startsWith('/2/')) return answer(200, { data: { deleted: true } });
      return path.startsWith('/rest/') ? answer(204) : answer(200, { success: true });
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void fetch(`${fake.url}${req.url}`, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) }).then(
        async (upstream) => {
          res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
          res.end(Buffer.from(await upstream.arrayBuffer()));
        },
      );
    });
  });
}

beforeAll(async () => {
  [oauth, business, searchConsole, ga4, social, twilio, wordpress, godaddy] = await Promise.all([
    startFakeOAuthServer(),
    startFakeBusiness(makeBusinessReviews(3)),
    startFakeSearchConsole(),
    startFakeGa4(),
    startFakeSocialServer(),
    startFakeTwilio(),
    startFakeWordpress(),
    startFakeGodaddy(),
  ]);
  network = await withDeletes(social);
  options.config = {
    ...fakeOAuthEnv(oauth.url),
    // Google's OAuth and account lists are the OAuth fake; its other APIs have their own fakes.
    GOOGLE_BUSINESS_REVIEWS_BASE_URL: business.url,
    SEARCH_CONSOLE_BASE_URL: searchConsole.url,
    GA4_ADMIN_BASE_URL: ga4.url,
    // The social networks' reads and posts are the social fake (their tokens are stored, not granted here).
    META_GRAPH_BASE_URL: network.url,
    X_API_BASE_URL: network.url,
    X_UPLOAD_BASE_URL: network.url,
    LINKEDIN_API_BASE_URL: network.url,
    OUTBOUND_ALLOW: '127.0.0.1',
    TWILIO_API_BASE_URL: twilio.url,
    GODADDY_OTE_BASE_URL: godaddy.url,
  };
});
const t = useTestApp(options);
afterAll(async () => {
  await Promise.all(
    [oauth, business, searchConsole, ga4, network, social, twilio, wordpress, godaddy].map((f) => f?.close()),
  );
});

const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Connect Google through the app (the OAuth fake consents at once), choosing the first location. */
async function connectGoogle(owner: SignedUp): Promise<void> {
  const start = await inject(owner.cookie, 'POST', '/api/connections/google/start');
  const pending = start.cookies.find((c) => c.name === 'fw_conn_google')!;
  const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${owner.cookie}; ${pending.name}=${pending.value}` },
  });
  expect(String(callback.headers.location)).toContain('outcome=connected');
  const account = `${FAKE_DATA.google.accounts[0]!.name}/${FAKE_DATA.google.locations['accounts/111']![0]!.name}`;
  const picked = await inject(owner.cookie, 'POST', '/api/connections/google/select', { accountId: account });
  expect(picked.statusCode, picked.body).toBe(200);
}

/** A business with every provider: Google by OAuth, the networks' tokens stored, Twilio, WordPress and GoDaddy saved in Settings. */
async function connectedBusiness(): Promise<{ owner: SignedUp; tenantId: string }> {
  const owner = await signUp(t.app);
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await connectGoogle(owner);
  const { db } = t.database;
  const box = t.app.deps.secretBox;
  await syncPastedConnection(db, box, tenantId, 'meta', { token: SOCIAL_TOKENS.meta, accountId: FAKE_SOCIAL.pageId });
  await syncPastedConnection(db, box, tenantId, 'linkedin', { token: SOCIAL_TOKENS.linkedin, accountId: '5001' });
  await upsertConnection(db, tenantId, 'x', {
    source: 'oauth',
    status: 'healthy',
    accessToken: box.seal(SOCIAL_TOKENS.x, `connection:${tenantId}:x:access`),
    externalAccountId: FAKE_DATA.x.me.id,
    accountName: '@bluedoorcafe',
    scopes: [],
  });
  const saved = await Promise.all([
    inject(owner.cookie, 'PUT', '/api/settings/sms', {
      accountSid: twilio.options.accountSid,
      authToken: twilio.options.authToken,
      phoneNumber: '+15005550006',
    }),
    inject(owner.cookie, 'PUT', '/api/settings/wordpress', {
      siteUrl: wordpress.url,
      username: wordpress.options.username,
      appPassword: wordpress.options.appPassword,
    }),
    inject(owner.cookie, 'PUT', '/api/settings/registrar', {
      apiKey: godaddy.options.apiKey,
      apiSecret: godaddy.options.apiSecret,
      environment: 'sandbox',
    }),
  ]);
  for (const res of saved) expect(res.statusCode, res.body).toBe(200);
  return { owner, tenantId };
}

async function smoke(
  sourcesOf: (report: SmokeReport) => Promise<SmokeSources> | SmokeSources,
  run: { post?: boolean; imageUrl?: string } = {},
): Promise<{ lines: string[]; code: number }> {
  const lines: string[] = [];
  const report = new SmokeReport((line) => lines.push(line));
  const http = { sleep: () => Promise.resolve() };
  const code = await runSmoke(
    {
      config: t.config,
      sources: await sourcesOf(report),
      report,
      http,
      outbound: createOutbound({ allow: ['127.0.0.1'] }),
    },
    { post: run.post ?? false, imageUrl: run.imageUrl ?? null },
  );
  return { lines, code };
}

const ofBusiness = (tenantId: string) => (report: SmokeReport) =>
  businessSources(
    {
      config: t.config,
      db: t.database.db,
      box: t.app.deps.secretBox,
      mailer: t.app.deps.mailer,
      log: t.app.log,
      http: { sleep: () => Promise.resolve() },
    },
    tenantId,
    report,
  );

/** Every secret the run could have seen. */
const secrets = () => [
  ...oauth.secrets(),
  ...Object.values(SOCIAL_TOKENS),
  twilio.options.authToken,
  wordpress.options.appPassword,
  godaddy.options.apiKey,
  godaddy.options.apiSecret,
];

function expectNoSecret(lines: string[]) {
  const output = lines.join('\n');
  for (const secret of secrets()) expect(output).not.toContain(secret);
}

const READ_CALLS = [
  'google business-profile accounts+locations',
  'google business-profile reviews.list',
  'google search-console sites.list',
  'google ga4 accountSummaries.list',
  'meta facebook page',
  'meta instagram user',
  'x users/me',
  'linkedin organization',
  'twilio account fetch',
  'wordpress users/me',
  'godaddy domains.list',
];
const pass = (call: string) => new RegExp(`^PASS ${call.replace(/[+/]/g, '\\$&')} \\(\\d+ ms\\)$`);

describe('npm run smoke:providers, against the local fakes', () => {
  it('passes every read-only call of a fully connected business, one line each, and exits 0', async () => {
    const { tenantId } = await connectedBusiness();
    const { lines, code } = await smoke(ofBusiness(tenantId));
    for (const call of READ_CALLS)
      expect(
        lines.filter((l) => pass(call).test(l)),
        call,
      ).toHaveLength(1);
    expect(lines).toContain('SKIP stripe — not configured (STRIPE_SECRET_KEY unset)');
    expect(lines.at(-1)).toBe(`${READ_CALLS.length} passed, 0 failed, 1 skipped`);
    expect(code).toBe(0);
    expectNoSecret(lines);
  });

  it('renews an expired Google token the way the app does (and stores it), then passes', async () => {
    const { tenantId } = await connectedBusiness();
    const before = await findConnection(t.database.db, tenantId, 'google');
    oauth.expireAccessTokens();
    const { lines, code } = await smoke(ofBusiness(tenantId));
    expect(lines.filter((l) => l.startsWith('PASS google'))).toHaveLength(4);
    expect(code).toBe(0);
    const after = await findConnection(t.database.db, tenantId, 'google');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expectNoSecret(lines);
  });

  it("prints a refusal in the provider's own words, keeps checking the others, and exits 1", async () => {
    const { owner, tenantId } = await connectedBusiness();
    oauth.revokeAll('google');
    oauth.expireAccessTokens();
    await inject(owner.cookie, 'PUT', '/api/settings/sms', {
      accountSid: twilio.options.accountSid,
      authToken: 'deadbeefdeadbeefdeadbeefdeadbeef',
      phoneNumber: '+15005550006',
    });
    const { lines, code } = await smoke(ofBusiness(tenantId));
    // The revoked grant: Google's token endpoint answered invalid_grant.
    expect(lines).toContain(
      'FAIL google business-profile accounts+locations — 400 invalid_grant Token has been expired or revoked.',
    );
    expect(lines).toContain('FAIL twilio account fetch — Wrong Account SID or Auth Token.');
    expect(lines.filter((l) => /^PASS (meta|x|linkedin|wordpress|godaddy) /.test(l))).toHaveLength(6);
    expect(code).toBe(1);
    expectNoSecret([...lines, 'deadbeefdeadbeefdeadbeefdeadbeef']);
    expect(lines.join('\n')).not.toContain('deadbeefdeadbeef');
  });

  it('says SKIP … not connected for every provider of a business with none, and exits 0', async () => {
    const owner = await signUp(t.app);
    const { lines, code } = await smoke(ofBusiness(await tenantIdOf(t.database.db, owner.userId)));
    for (const provider of ['google', 'meta', 'x', 'linkedin', 'twilio', 'wordpress', 'godaddy'])
      expect(lines).toContain(`SKIP ${provider} — not connected`);
    expect(lines.some((l) => l.startsWith('PASS') || l.startsWith('FAIL'))).toBe(false);
    expect(code).toBe(0);
  });

  it('takes credentials from SMOKE_* variables when no business is named', async () => {
    const env = {
      SMOKE_X_ACCESS_TOKEN: 'x-token-from-env',
      SMOKE_TWILIO_ACCOUNT_SID: twilio.options.accountSid,
      SMOKE_TWILIO_AUTH_TOKEN: twilio.options.authToken,
    };
    const { lines, code } = await smoke((report) => envSources(env, report));
    expect(lines.some((l) => pass('x users/me').test(l))).toBe(true);
    expect(lines.some((l) => pass('twilio account fetch').test(l))).toBe(true);
    expect(lines).toContain('SKIP google — not connected');
    expect(code).toBe(0);
    expect(lines.join('\n')).not.toMatch(/x-token-from-env|f00dfeed/);
  });

  it('--post publishes a test post to each network with the app’s publishing calls and deletes it again', async () => {
    const { tenantId } = await connectedBusiness();
    social.reset();
    const { lines, code } = await smoke(ofBusiness(tenantId), {
      post: true,
      imageUrl: 'https://images.example/van.jpg',
    });
    for (const call of ['meta facebook post', 'meta facebook delete', 'meta instagram post', 'meta instagram delete'])
      expect(
        lines.some((l) => pass(call).test(l)),
        call,
      ).toBe(true);
    for (const call of ['x post', 'x delete', 'linkedin post', 'linkedin delete'])
      expect(
        lines.some((l) => pass(call).test(l)),
        call,
      ).toBe(true);
    expect(code).toBe(0);
    // Each network took a post and none is left: the feed, the timeline and the organization list no test post.
    expect(social.received.filter((p) => p.path !== `/${FAKE_SOCIAL.instagramId}/media`)).toEqual([]);
    expect(social.instagramMedia).toEqual([]);
    expectNoSecret(lines);
  });

  it('--post: a network refusing the post is its FAIL line in its words, with nothing to delete', async () => {
    const { tenantId } = await connectedBusiness();
    social.failNext('x', 'rejected');
    const { lines, code } = await smoke(ofBusiness(tenantId), { post: true });
    expect(lines).toContain(
      'FAIL x post — X refused this post: You are not allowed to create a Tweet with duplicate content..',
    );
    expect(lines.some((l) => l.startsWith('PASS x delete') || l.startsWith('FAIL x delete'))).toBe(false);
    expect(lines).toContain(
      'SKIP meta instagram post — Instagram takes no post without an image: add --image-url https://…',
    );
    expect(code).toBe(1);
  });
});
