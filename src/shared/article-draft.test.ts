import { describe, expect, it } from 'vitest';
import { parseArticleDraft, readArticleDraft } from './article-draft.ts';

describe('the streamed article shape', () => {
  const full = 'Title: Furnace Tune-Ups\nMeta description: Why fall is the time.\n\n## Why\n\nBecause winter comes.';

  it('reads the title, description and body of a whole answer', () => {
    expect(parseArticleDraft(full)).toEqual({
      title: 'Furnace Tune-Ups',
      metaDescription: 'Why fall is the time.',
      content: '## Why\n\nBecause winter comes.',
    });
  });

  it('reads what has arrived so far, so the screen can show the article as it is written', () => {
    expect(readArticleDraft('Title: Furnace Tu')).toEqual({ title: 'Furnace Tu', metaDescription: '', content: '' });
    expect(readArticleDraft(full.slice(0, full.indexOf('\n\nBecause')))).toMatchObject({
      title: 'Furnace Tune-Ups',
      content: '## Why',
    });
  });

  it('takes a "# Heading" as the title from a model that skipped the header, and refuses an answer without a body', () => {
    expect(parseArticleDraft('# Furnace Tune-Ups\n\nBody text.')).toMatchObject({
      title: 'Furnace Tune-Ups',
      content: 'Body text.',
    });
    expect(() => parseArticleDraft('Title: Only a title')).toThrow('no article body');
    expect(() => parseArticleDraft('Just some text with no title')).toThrow('no title line');
  });
});
