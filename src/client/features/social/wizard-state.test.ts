import { describe, expect, it } from 'vitest';
import { blockingReason, canGoNext, emptyWizard, setGlobalContent, togglePlatform } from './wizard-state';

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

  it('a draft over its platform limit blocks scheduling with the reason', () => {
    let s = togglePlatform(setGlobalContent(emptyWizard(), 'x'.repeat(281)), 'twitter');
    expect(blockingReason(s)).toBe('Twitter/X allows 280 characters; this post has 281.');
    s = { ...s, drafts: { twitter: { content: 'ok', hashtags: '', enabled: true } } };
    expect(blockingReason(s)).toBeNull();
    const withInstagram = togglePlatform(setGlobalContent(s, 'ok'), 'instagram');
    expect(blockingReason(withInstagram)).toMatch(/Instagram posts need an image/);
    expect(blockingReason({ ...withInstagram, imageUrl: 'https://example.com/a.jpg' })).toBeNull();
  });
});
