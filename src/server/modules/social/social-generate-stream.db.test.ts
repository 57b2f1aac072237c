import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TGenerateResponse } from '#shared/schemas/social.ts';
import type { NdjsonLine } from '#server/plugins/ndjson.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

// The wizard's AI drafts through the real AI SDK against the fake provider's streaming answer:
// the text arrives as NDJSON deltas while it is written, then the drafts parsed per platform.
const llm = await startFakeLlm();
afterAll(() => llm.close());
const t = useTestApp({
  config: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: llm.anthropicBaseUrl, AI_TIMEOUT_MS: '3000' },
});
beforeEach(() => llm.reset());

const LONG_X =
  'Is your furnace ready for the first cold night? A quick check now finds worn parts before they fail. ' +
  'We test the igniter, the flame sensor, the blower and the filter, and we tell you plainly what we see. ' +
  'Book this week and sleep warm all winter long, without a surprise bill.';
const DRAFTS = [
  'Post: Is your furnace ready for winter? Book a check with us before the cold sets in.',
  '',
  '## Facebook',
  'Winter is close. A furnace check now saves a cold night later.',
  'Send us a message to book a visit.',
  'Hashtags: #HVAC #FurnaceCheck',
  '',
  '## X',
  LONG_X,
  'Hashtags: #HVAC #Winter',
  '',
].join('\n');

async function generate(cookie: string, accept?: string, platforms = ['facebook', 'twitter']) {
  return t.app.inject({
    method: 'POST',
    url: '/api/social/generate',
    headers: { cookie, ...(accept ? { accept } : {}) },
    payload: { topic: 'Furnace check before winter', platforms },
  });
}

const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as NdjsonLine<TGenerateResponse>);

describe('social drafts streamed from the model', () => {
  it('sends the drafts in pieces as they are written, then each platform parsed and fitted to its limit', async () => {
    const owner = await signUp(t.app);
    llm.script({ text: DRAFTS, chunkSize: 30 });
    const res = await generate(owner.cookie, 'application/x-ndjson');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(llm.requests[0]?.body.stream).toBe(true);
    const lines = linesOf(res.body);
    const deltas = lines.flatMap((l) => (l.type === 'delta' ? [l.text] : []));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(DRAFTS);
    const last = lines.at(-1);
    expect(last?.type).toBe('done');
    const result = last?.type === 'done' ? last.result : undefined;
    expect(result).toMatchObject({
      source: 'ai',
      content: 'Is your furnace ready for winter? Book a check with us before the cold sets in.',
      drafts: [
        {
          platform: 'facebook',
          content: 'Winter is close. A furnace check now saves a cold night later.\nSend us a message to book a visit.',
          hashtags: '#HVAC #FurnaceCheck',
        },
        { platform: 'twitter', hashtags: '#HVAC #Winter' },
      ],
    });
    // X's 280: the text is cut after its last whole sentence that fits with the hashtags.
    const tweet = result!.drafts[1]!;
    expect(`${tweet.content}\n\n${tweet.hashtags}`.length).toBeLessThanOrEqual(280);
    expect(tweet.content).toBe(LONG_X.slice(0, LONG_X.indexOf('see.') + 4));
  });

  it('answers the same drafts as one JSON body to a caller that does not ask for the stream', async () => {
    const owner = await signUp(t.app);
    llm.script({ text: DRAFTS });
    const res = await generate(owner.cookie, undefined, ['facebook']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({
      source: 'ai',
      drafts: [{ platform: 'facebook', hashtags: '#HVAC #FurnaceCheck' }],
    });
  });

  it('falls back to the offline drafts when the provider fails or the text misses a platform', async () => {
    const owner = await signUp(t.app);
    llm.script({ status: 500 });
    const failed = linesOf((await generate(owner.cookie, 'application/x-ndjson')).body);
    const done = failed.at(-1);
    expect(done).toMatchObject({ type: 'done', result: { source: 'offline' } });
    expect(done?.type === 'done' && done.result.content).toContain('Furnace check before winter');

    llm.script({ text: DRAFTS, chunkSize: 40 });
    const missing = linesOf((await generate(owner.cookie, 'application/x-ndjson', ['facebook', 'linkedin'])).body);
    expect(missing.some((l) => l.type === 'delta')).toBe(true);
    expect(missing.at(-1)).toMatchObject({
      type: 'done',
      result: { source: 'offline', drafts: [{ platform: 'facebook' }, { platform: 'linkedin' }] },
    });
  });

  it('uses the offline draft for a platform whose text has no sentence that fits', async () => {
    const owner = await signUp(t.app);
    const oneSentence = `Post: Hello there.\n\n## X\n${'word '.repeat(80)}\nHashtags: #HVAC\n`;
    llm.script({ text: oneSentence });
    const res = await generate(owner.cookie, undefined, ['twitter']);
    const body = res.json<TGenerateResponse>();
    expect(body.source).toBe('ai');
    expect(body.content).toBe('Hello there.');
    expect(body.drafts[0]!.content).not.toContain('word word');
    expect(body.drafts[0]!.content).toContain('Furnace check before winter');
  });

  it('refuses a blank topic with the usual 400 before anything streams', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/generate',
      headers: { cookie: owner.cookie, accept: 'application/x-ndjson' },
      payload: { topic: '  ', platforms: ['facebook'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a topic for your post.');
    expect(llm.requests).toHaveLength(0);
  });
});
