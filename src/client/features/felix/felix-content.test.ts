import { describe, expect, it } from 'vitest';
import { FELIX_FALLBACK_MODELS as FALLBACK_MODELS, FELIX_SUGGESTIONS as DEFAULT_SUGGESTIONS } from '@shared/felix';
import { offlineReplyText, offlineSuggestions } from './felix-content';

describe('Felix offline fallback', () => {
  it('suggests social and analytics for social or post questions', () => {
    expect(offlineSuggestions('Help me write a POST for Facebook').map((s) => s.category)).toEqual([
      'social',
      'analytics',
    ]);
    expect(offlineSuggestions('social ideas').map((s) => s.category)).toEqual(['social', 'analytics']);
  });

  it('suggests leads and reviews for lead or customer questions', () => {
    expect(offlineSuggestions('How many new leads do I have?').map((s) => s.category)).toEqual(['leads', 'reviews']);
    expect(offlineSuggestions('an angry customer').map((s) => s.category)).toEqual(['leads', 'reviews']);
  });

  it('gives the first three suggestions otherwise', () => {
    expect(offlineSuggestions('hello')).toEqual(DEFAULT_SUGGESTIONS.slice(0, 3));
  });

  it("echoes the user's text", () => {
    expect(offlineReplyText('  what now?  ')).toContain('"what now?"');
  });

  it('falls back to the four spec models, all available, Claude 4.0 Sonnet first', () => {
    expect(FALLBACK_MODELS.map((m) => [m.id, m.name, m.available])).toEqual([
      ['claude-sonnet-4', 'Claude 4.0 Sonnet', true],
      ['claude-haiku-3.5', 'Claude 3.5 Haiku', true],
      ['gpt-5', 'GPT-5', true],
      ['gpt-4o', 'GPT-4o', true],
    ]);
  });
});
