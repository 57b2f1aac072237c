import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TGeneratedContent } from '#shared/schemas/website.ts';
import type { NdjsonLine } from '#server/plugins/ndjson.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { onboard } from '#tests/kits/website.ts';

// The blog generator through the real AI SDK against the fake provider's streaming answers: the
// article arrives as NDJSON deltas while it is written, then the parsed article.
const llm = await startFakeLlm();
afterAll(() => llm.close());
const t = useTestApp({
  config: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: llm.anthropicBaseUrl, AI_TIMEOUT_MS: '3000' },
});
beforeEach(() => llm.reset());

const REASON =
  'A furnace past fifteen years that needs a repair every winter is usually cheaper to replace than to keep fixing.';

/** An article of 17 + 20 × `paragraphs` words, in the shape the prompt asks for. */
const articleOf = (paragraphs: number) =>
  [
    'Title: When to Replace Your Furnace in Tacoma',
    'Meta description: Signs your furnace is near the end, and what a replacement involves.',
    '',
    '## Age and repairs',
    ...Array.from({ length: paragraphs }, () => ['', REASON]).flat(),
    '',
    '## Call Cascade Comfort HVAC',
    '',
    'Ask for a free look before the cold sets in.',
  ].join('\n');

// 497 words: within the 400–600 of a short blog post, the length these tests ask for.
const ARTICLE = articleOf(24);

async function generate(cookie: string, accept?: string, length = 'short') {
  return t.app.inject({
    method: 'POST',
    url: '/api/ai/generate-blog',
    headers: { cookie, ...(accept ? { accept } : {}) },
    payload: { topic: 'When to replace your furnace', keywords: ['furnace replacement'], length },
  });
}

const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as NdjsonLine<TGeneratedContent>);

describe('blog generation streamed from the model', () => {
  it('sends the article in pieces as the model writes it, then the parsed title, description and body', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    llm.script({ text: ARTICLE, chunkSize: 40 });
    const res = await generate(owner.cookie, 'application/x-ndjson');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(llm.requests[0]?.body.stream).toBe(true);
    const lines = linesOf(res.body);
    const deltas = lines.flatMap((l) => (l.type === 'delta' ? [l.text] : []));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(ARTICLE);
    const last = lines.at(-1);
    expect(last).toMatchObject({
      type: 'done',
      result: {
        source: 'ai',
        title: 'When to Replace Your Furnace in Tacoma',
        metaDescription: 'Signs your furnace is near the end, and what a replacement involves.',
      },
    });
    const result = last?.type === 'done' ? last.result : undefined;
    expect(result?.content.startsWith('## Age and repairs')).toBe(true);
    expect(result?.content).not.toContain('Title:');
  });

  it('answers the same article as one JSON body to a caller that does not ask for the stream', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    llm.script({ text: ARTICLE });
    const res = await generate(owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'ai', title: 'When to Replace Your Furnace in Tacoma' });
  });

  it('falls back to the offline writer when the provider fails, or breaks off mid-article', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    llm.script({ status: 500 });
    const failed = linesOf((await generate(owner.cookie, 'application/x-ndjson')).body);
    expect(failed.at(-1)).toMatchObject({ type: 'done', result: { source: 'offline' } });

    llm.script({ text: ARTICLE, chunkSize: 20, breakAfterChunks: 3 });
    const broken = linesOf((await generate(owner.cookie, 'application/x-ndjson')).body);
    expect(broken.some((l) => l.type === 'delta')).toBe(true);
    const done = broken.at(-1);
    expect(done).toMatchObject({ type: 'done', result: { source: 'offline' } });
    expect(done?.type === 'done' && done.result.content).toContain('Cascade Comfort HVAC');
  });

  it('does not pass off an article far shorter than the length asked for: the offline writer answers', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    // 97 words for a long post (1,500–2,000 words).
    llm.script({ text: articleOf(4) });
    const res = await generate(owner.cookie, undefined, 'long');
    expect(res.statusCode, res.body).toBe(200);
    const article = res.json() as TGeneratedContent;
    expect(article.source).toBe('offline');
    expect(article.wordCount).toBeGreaterThanOrEqual(1500);
    expect(article.wordCount).toBeLessThanOrEqual(2000);
  });

  it('gives up on a provider that streams past the time limit and answers with the offline writer', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    llm.script({ text: ARTICLE, chunkSize: 40, chunkDelayMs: 100 });
    const lines = linesOf((await generate(owner.cookie, 'application/x-ndjson')).body);
    expect(lines.at(-1)).toMatchObject({ type: 'done', result: { source: 'offline' } });
  });

  it('refuses a blank topic with the usual 400 before anything streams', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-blog',
      headers: { cookie: owner.cookie, accept: 'application/x-ndjson' },
      payload: { topic: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(llm.requests).toHaveLength(0);
  });
});
