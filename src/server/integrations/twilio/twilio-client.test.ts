import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { testTwilioConnection, TWILIO_MESSAGES } from './twilio-client.ts';

const outbound = createOutbound({ allow: ['127.0.0.1'] });
let fake: FakeTwilio | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('Twilio connection test', () => {
  it('looks the account up with the SID and token and names it', async () => {
    fake = await startFakeTwilio();
    const { accountSid, authToken } = fake.options;
    expect(await testTwilioConnection(outbound, fake.url, { accountSid, authToken })).toEqual({
      ok: true,
      message: 'Connected to Twilio account Acme Plumbing',
    });
  });

  it('explains a wrong token and a suspended account', async () => {
    fake = await startFakeTwilio({ status: 'suspended' });
    const { accountSid, authToken } = fake.options;
    expect(await testTwilioConnection(outbound, fake.url, { accountSid, authToken: 'nope' })).toEqual({
      ok: false,
      message: TWILIO_MESSAGES.wrongCredentials,
    });
    expect(await testTwilioConnection(outbound, fake.url, { accountSid, authToken })).toEqual({
      ok: false,
      message: TWILIO_MESSAGES.inactive('suspended'),
    });
  });

  it('goes through the SSRF guard like every outbound call', async () => {
    fake = await startFakeTwilio();
    const result = await testTwilioConnection(createOutbound(), fake.url, fake.options);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^This address is not allowed: 127\.0\.0\.1 is a loopback address/);
  });
});
