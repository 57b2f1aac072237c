import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs } from '#server/db/schema/index.ts';
import { sessionCookie, signUp, waitForMail } from '#tests/setup/accounts.ts';
import { plainText, startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';

describe('mail over SMTP', () => {
  let smtp: SmtpSink;
  const base = {} as { database: TestDatabase };
  const t = {} as { app: App };
  // The app is built once the SMTP server's port is known.
  beforeAll(async () => {
    smtp = await startSmtpSink();
    base.database = await createTestDatabase();
    t.app = await buildApp({
      config: testConfig({
        SMTP_URL: smtp.url,
        APP_URL: 'https://app.fieldwise.test',
        MAIL_FROM: 'Fieldwise <hello@fieldwise.test>',
      }),
      database: base.database,
      logger: false,
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
    await base.database?.destroy();
    await smtp?.close();
  });

  it('sends the verification mail to a real SMTP server, and its link verifies the address', async () => {
    const owner = await signUp(t.app);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.from).toBe('hello@fieldwise.test');
    const text = plainText(mail.raw);
    expect(text).toMatch(/Subject: Confirm your email for Fieldwise/);
    expect(text).toMatch(/Content-Type: text\/html/); // a simple HTML part beside the plain text
    const link = /https:\/\/app\.fieldwise\.test\/verify-email\/([A-Za-z0-9_-]{43})/.exec(text);
    expect(link).not.toBeNull();

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link?.[1] } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(me.json().emailVerified).toBe(true);

    const log = await waitForMail(base.database.db, owner.email, 'verify_email');
    expect(log.status).toBe('sent');
    expect(log.bodyText, 'with SMTP the body (and its link) is not kept').toBeNull();
  });

  it('a reset mailed over SMTP sets a new password', async () => {
    const owner = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.email } });
    const mail = await smtp.waitFor(owner.email, (m) => /reset-password/.test(plainText(m.raw)));
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(plainText(mail.raw))?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Sump-Pump-88!' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'Sump-Pump-88!' },
    });
    // Served over https (APP_URL), the cookie is Secure and __Host- prefixed.
    expect(sessionCookie(login)).toMatch(/^__Host-fw_sid=/);
    expect(login.cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('when the SMTP server is down, sign-up still succeeds and the failure is logged', async () => {
    const down = await buildApp({
      config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }),
      database: base.database,
      logger: false,
    });
    try {
      const owner = await signUp(down);
      for (let i = 0; i < 100; i++) {
        const [row] = await base.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, owner.email));
        if (row?.status === 'failed') {
          expect(row.errorMessage).toMatch(/ECONNREFUSED|connect/i);
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no failed mail recorded');
    } finally {
      await down.close();
    }
  });
});
