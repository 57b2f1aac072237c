import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDemoAccount } from '#server/modules/demo/demo-account.ts';
import { sessionCookie, signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

describe('the demo business flag', () => {
  it('tells the client when the session works in the seeded demo business, and only then', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fw-demo-'));
    const demo = await ensureDemoAccount(t.database.db, dir);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demo.email, password: demo.password },
      remoteAddress: '10.4.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ demoBusiness: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: sessionCookie(login) } });
    expect(me.json()).toMatchObject({ demoBusiness: true });

    const owner = await signUp(t.app);
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(other.json()).toMatchObject({ demoBusiness: false });
  });
});
