import { describe, expect, it } from 'vitest';
import { fillTemplate } from './reviews.ts';

describe('fillTemplate', () => {
  it("puts the reviewer's first name and the business name in every placeholder", () => {
    expect(
      fillTemplate('Thanks {name}! {name}, everyone at {business} appreciates it. — {business}', {
        name: '  Maria   Lopez ',
        business: 'Rosa Plumbing',
      }),
    ).toBe('Thanks Maria! Maria, everyone at Rosa Plumbing appreciates it. — Rosa Plumbing');
  });

  it('without a name or business it still reads as a reply; other braces are left alone', () => {
    expect(fillTemplate('Hi {name}, thanks from {business} {team}.', { name: ' ', business: '' })).toBe(
      'Hi there, thanks from our team {team}.',
    );
  });
});
