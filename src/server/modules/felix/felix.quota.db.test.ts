import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { memberOf } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { hit } from '#server/security/rate-limit.ts';
import { FELIX_LIMITS } from './felix.service.ts';

// Security review, finding 8: one member could use up the business's Felix questions for the hour.
const t = useTestApp();

const ask = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/felix/chat',
    headers: { cookie },
    payload: { messages: [{ role: 'user', content: 'How many new leads?' }] },
  });

describe('Felix questions per person', () => {
  it(`one person gets ${FELIX_LIMITS.chatPerUser.limit} an hour; the rest of the business still gets answers`, async () => {
    const owner = await signUp(t.app);
    const member = await memberOf(t.app, t.database.db, owner, 'user');
    for (let i = 0; i < FELIX_LIMITS.chatPerUser.limit; i++)
      await hit(t.database.db, `felix-chat:user:${member.userId}`, FELIX_LIMITS.chatPerUser);
    const refused = await ask(member.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have asked Felix \d+ questions in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect((await ask(owner.cookie)).statusCode).toBe(200);
  });
});
