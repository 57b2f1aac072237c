import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigurations } from '#server/db/schema/index.ts';
import { SETTINGS_MESSAGES, type TSettings } from '#shared/schemas/settings.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { memberOf } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';

// Security review, finding 2: a manager pointed the WordPress site URL at their own server,
// left the password empty (the stored one was kept) and ran the connection test, which sent
// the admin's application password there. A secret bound to an endpoint is kept only while the
// endpoint (origin) and username stay the same.
let real: FakeWordpress;
let thief: FakeWordpress;
const options = { config: {} as Record<string, string> };
beforeAll(async () => {
  [real, thief] = await Promise.all([startFakeWordpress(), startFakeWordpress()]);
  options.config = { OUTBOUND_ALLOW: '127.0.0.1' };
});
afterAll(async () => Promise.all([real, thief].map((f) => f?.close())));
const t = useTestApp(options);

let owner: SignedUp;
let manager: SignedUp;
beforeAll(async () => {
  owner = await signUp(t.app);
  manager = await memberOf(t.app, t.database.db, owner, 'manager');
});

const put = (cookie: string, section: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/settings/${section}`, headers: { cookie }, payload });
const settings = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: owner.cookie } })).json<TSettings>();

async function refusedForSecret(section: string, payload: object, field: string, message: string) {
  const before = await settings();
  const res = await put(manager.cookie, section, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'validation', message, fields: { [field]: message } });
  expect(await settings()).toEqual(before);
}

describe('secrets bound to an endpoint', () => {
  it('WordPress: a new site origin or username needs the application password again', async () => {
    const password = real.options.appPassword;
    const saved = await put(owner.cookie, 'wordpress', {
      siteUrl: real.url,
      username: real.options.username,
      appPassword: password,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const message = SETTINGS_MESSAGES.wordpressSecretAgain.message;
    await refusedForSecret(
      'wordpress',
      { siteUrl: thief.url, username: real.options.username },
      'appPassword',
      message,
    );
    await refusedForSecret('wordpress', { siteUrl: real.url, username: 'someone-else' }, 'appPassword', message);

    // The connection test still goes to the saved site only; the other server hears nothing.
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/settings/wordpress/test',
      headers: { cookie: manager.cookie },
    });
    expect(test.json().ok).toBe(true);
    expect(thief.authorizations).toEqual([]);

    // Same origin, another path: the password is kept. A new origin with the password typed is fine.
    expect(
      (await put(manager.cookie, 'wordpress', { siteUrl: `${real.url}/blog`, username: real.options.username }))
        .statusCode,
    ).toBe(200);
    const moved = await put(manager.cookie, 'wordpress', {
      siteUrl: thief.url,
      username: real.options.username,
      appPassword: 'typed again by the manager',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('SMS: another Account SID needs the auth token again', async () => {
    const sms = {
      accountSid: `AC${'1'.repeat(32)}`,
      authToken: 'twilio-auth-token-0123456789',
      phoneNumber: '+15551234567',
    };
    expect((await put(owner.cookie, 'sms', sms)).statusCode).toBe(200);
    await refusedForSecret(
      'sms',
      { accountSid: `AC${'2'.repeat(32)}`, phoneNumber: sms.phoneNumber },
      'authToken',
      SETTINGS_MESSAGES.smsSecretAgain.message,
    );
    expect(
      (await put(manager.cookie, 'sms', { accountSid: sms.accountSid, phoneNumber: '+15557654321' })).statusCode,
    ).toBe(200);
  });

  it('Registrar: switching between sandbox and production needs the API key and secret again', async () => {
    const keys = { apiKey: 'godaddy-key-0123456789', apiSecret: 'godaddy-secret-0123456789', environment: 'sandbox' };
    expect((await put(owner.cookie, 'registrar', keys)).statusCode).toBe(200);
    await refusedForSecret(
      'registrar',
      { environment: 'production' },
      'apiKey',
      SETTINGS_MESSAGES.registrarSecretAgain.message,
    );
  });

  // Finding 8: each ciphertext is bound (AES-GCM associated data) to its tenant, column and endpoint.
  it('a stored password moved to another business, or left behind when the site column changes, does not open', async () => {
    const ownerTenant = await tenantIdOf(t.database.db, owner.userId);
    const stranger = await signUp(t.app);
    const strangerTenant = await tenantIdOf(t.database.db, stranger.userId);
    const wp = { siteUrl: thief.url, username: real.options.username };
    expect((await put(owner.cookie, 'wordpress', { ...wp, appPassword: real.options.appPassword })).statusCode).toBe(
      200,
    );
    expect((await put(stranger.cookie, 'wordpress', { ...wp, appPassword: 'the strangers own' })).statusCode).toBe(200);
    const [ownerRow] = await t.database.db
      .select()
      .from(clientConfigurations)
      .where(eq(clientConfigurations.tenantId, ownerTenant));
    // Copied into the stranger's row (a database-level mix-up or attack): it does not open there.
    await t.database.db
      .update(clientConfigurations)
      .set({ wordpressAppPassword: ownerRow?.wordpressAppPassword })
      .where(eq(clientConfigurations.tenantId, strangerTenant));
    thief.authorizations.length = 0;
    const copied = await t.app.inject({
      method: 'POST',
      url: '/api/settings/wordpress/test',
      headers: { cookie: stranger.cookie },
    });
    expect(copied.json()).toMatchObject({ ok: false });
    expect(thief.authorizations).toEqual([]);
    // The owner's site column pointed elsewhere behind the API's back: the password stays sealed.
    await t.database.db
      .update(clientConfigurations)
      .set({ wordpressUrl: real.url })
      .where(eq(clientConfigurations.tenantId, ownerTenant));
    const before = real.authorizations.length;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/settings/wordpress/test',
      headers: { cookie: owner.cookie },
    });
    expect(moved.json()).toMatchObject({ ok: false });
    expect(real.authorizations.length).toBe(before);
  });
});
