import { describe, expect, it } from 'vitest';
import {
  blockingReason,
  canGoNext,
  emptyWizard,
  enabledTargets,
  setGlobalContent,
  togglePlatform,
} from './wizard-state';

describe('the wizard rules', () => {
  it('selecting platforms rebuilds their drafts from the global content; editing it overwrites them', () => {
    let s = setGlobalContent(emptyWizard(), 'Hello');
    s = togglePlatform(s, 'facebook');
    s = togglePlatform(s, 'twitter');
    expect(s.drafts.twitter).toEqual({ content: 'Hello', hashtags: '', enabled: true });
    s = { ...s, drafts: { ...s.drafts, twitter: { content: 'Own', hashtags: '#a', enabled: true } } };
    s = setGlobalContent(s, 'New text');
    expect(s.drafts.twitter?.content).toBe('New text');
    expect(s.drafts.twitter?.hashtags).toBe('#a');
  });

  it('Next needs a platform, then non-blank content, then a date and time', () => {
    const s = emptyWizard();
    expect(canGoNext(s)).toBe(false);
    expect(canGoNext(togglePlatform(s, 'linkedin'))).toBe(true);
    expect(canGoNext({ ...s, step: 2, content: '   ' })).toBe(false);
    expect(canGoNext({ ...s, step: 3, date: '' })).toBe(false);
    expect(canGoNext({ ...s, step: 3, date: '2030-01-01', time: '09:00' })).toBe(true);
  });

  it('a draft over its limit blocks only its own platform, with the reason; the others still go', () => {
    let s = togglePlatform(togglePlatform(setGlobalContent(emptyWizard(), 'x'.repeat(281)), 'twitter'), 'facebook');
    expect(enabledTargets(s).map((t) => [t.platform, t.problem])).toEqual([
      ['twitter', 'Twitter/X allows 280 characters; this post has 281.'],
      ['facebook', null],
    ]);
    expect(blockingReason(s)).toBeNull();
    s = { ...s, drafts: { ...s.drafts, facebook: { content: 'ok', hashtags: '', enabled: false } } };
    expect(blockingReason(s)).toBe('Every platform you turned on has a problem: fix one in step 2 to post.');
    s = { ...s, drafts: { ...s.drafts, twitter: { content: 'x', hashtags: '', enabled: false } } };
    expect(blockingReason(s)).toBe('Turn on at least one platform.');
  });

  it('Instagram without an image is left out with the reason until an image is added', () => {
    const s = togglePlatform(togglePlatform(setGlobalContent(emptyWizard(), 'ok'), 'instagram'), 'linkedin');
    expect(enabledTargets(s).find((t) => t.platform === 'instagram')?.problem).toBe(
      'Instagram posts need an image: add one in step 2.',
    );
    const withImage = { ...s, imageUrl: 'https://example.com/a.jpg' };
    expect(enabledTargets(withImage).every((t) => t.problem === null)).toBe(true);
  });
});
