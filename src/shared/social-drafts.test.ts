import { describe, expect, it } from 'vitest';
import { parseSocialDrafts, readSocialDrafts, socialDraftsFormat } from './social-drafts.ts';

const WHOLE = [
  'Post: Is your furnace ready for winter? Book a check with Cascade Comfort HVAC.',
  '',
  '## Facebook',
  'Winter is close in Tacoma. A furnace check now saves a cold night later.',
  'Call us to book.',
  'Hashtags: #HVAC #Tacoma #LocalBusiness',
  '',
  '## X',
  'Furnace ready for winter? Book a check today.',
  'Hashtags: #HVAC',
  '',
].join('\n');

describe('readSocialDrafts', () => {
  it('reads the global post and each platform with its text and hashtags', () => {
    expect(readSocialDrafts(WHOLE)).toEqual({
      content: 'Is your furnace ready for winter? Book a check with Cascade Comfort HVAC.',
      drafts: [
        {
          platform: 'facebook',
          content: 'Winter is close in Tacoma. A furnace check now saves a cold night later.\nCall us to book.',
          hashtags: '#HVAC #Tacoma #LocalBusiness',
        },
        { platform: 'twitter', content: 'Furnace ready for winter? Book a check today.', hashtags: '#HVAC' },
      ],
    });
  });

  it('reads a partial text into the fields written so far, holding back a half-written marker', () => {
    expect(readSocialDrafts('Pos')).toEqual({ content: '', drafts: [] });
    expect(readSocialDrafts('Post: Is your furnace')).toEqual({ content: 'Is your furnace', drafts: [] });
    const cut = WHOLE.indexOf('## X');
    // The "## Fa" line is not shown as text of the global post.
    expect(readSocialDrafts(WHOLE.slice(0, WHOLE.indexOf('## Facebook') + 5)).content).toBe(
      'Is your furnace ready for winter? Book a check with Cascade Comfort HVAC.',
    );
    const mid = readSocialDrafts(`${WHOLE.slice(0, WHOLE.indexOf('Hashtags: #HVAC #T'))}Hasht`);
    expect(mid.drafts).toEqual([
      {
        platform: 'facebook',
        content: 'Winter is close in Tacoma. A furnace check now saves a cold night later.\nCall us to book.',
        hashtags: '',
      },
    ]);
    const more = readSocialDrafts(`${WHOLE.slice(0, cut)}## X\nFurnace ready`);
    expect(more.drafts.map((d) => [d.platform, d.content])).toEqual([
      ['facebook', expect.stringContaining('Winter is close')],
      ['twitter', 'Furnace ready'],
    ]);
  });

  it('keeps hashtags inside the text, ignores unknown sections and takes the first of a repeated one', () => {
    const read = readSocialDrafts(
      'Post: Hi\n\n## TikTok\nnope\n## LinkedIn\nSee #HVAC tips.\nHashtags: #A\n## LinkedIn\nagain',
    );
    expect(read.drafts).toEqual([{ platform: 'linkedin', content: 'See #HVAC tips.', hashtags: '#A' }]);
  });
});

describe('parseSocialDrafts', () => {
  it('keeps the wanted platforms in their order', () => {
    const parsed = parseSocialDrafts(WHOLE, ['twitter', 'facebook']);
    expect(parsed.drafts.map((d) => d.platform)).toEqual(['twitter', 'facebook']);
  });

  it('throws on unusable output so the offline drafts answer instead', () => {
    expect(() => parseSocialDrafts('I cannot help with that.\n## Facebook\n', ['facebook'])).toThrow(/facebook/);
    expect(() => parseSocialDrafts('## Facebook\nHello', ['facebook'])).toThrow(/global/);
    expect(() => parseSocialDrafts(WHOLE, ['facebook', 'linkedin'])).toThrow(/linkedin/);
  });

  it('describes the shape with the headers of the chosen platforms', () => {
    expect(socialDraftsFormat(['twitter', 'linkedin'])).toContain('"## X", "## LinkedIn"');
  });
});
