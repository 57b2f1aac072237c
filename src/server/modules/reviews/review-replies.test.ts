import { describe, expect, it } from 'vitest';
import { FORBIDDEN, offlineReply, topicsOf } from './review-replies.ts';

// The offline engine's promise: the reviewer by first name, only what they wrote about, the
// business's name, an apology and an offline way to resolve it for low ratings, never a refund.
const FIXTURES = [
  {
    reviewerName: 'Maria Lopez',
    rating: 5,
    reviewText: 'Fixed our water heater the same day. Very tidy.',
    businessName: 'Rosa Plumbing',
  },
  { reviewerName: 'Tom Becker', rating: 4, reviewText: 'Good job.', businessName: 'Summit HVAC' },
  {
    reviewerName: 'Dana White',
    rating: 3,
    reviewText: 'Fine repair but the crew arrived late.',
    businessName: 'Bright Spark',
  },
  {
    reviewerName: 'Sam Reed',
    rating: 1,
    reviewText: 'Way too expensive and the leak is back. I want a refund!',
    businessName: 'Rosa Plumbing',
  },
  { reviewerName: 'A Google user', rating: 2, reviewText: '', businessName: '' },
];
const ALL_PHRASES = [
  'the water heater',
  'the boiler',
  'the furnace',
  'the air conditioning',
  'the drain',
  'the leak',
  'the wait',
  'the price',
  'how you were treated',
  'the mess left behind',
  'the quick turnaround',
  'the tidy work',
  'the friendly service',
];

describe('offline review replies', () => {
  for (const f of FIXTURES) {
    it(`${f.rating} stars from ${f.reviewerName}: grounded on the review only`, () => {
      const reply = offlineReply(f);
      const first = f.reviewerName.startsWith('A ') ? 'there' : f.reviewerName.split(' ')[0]!;
      expect(reply).toContain(first);
      expect(reply).toContain(`— ${f.businessName || 'our team'}`);
      expect(reply).not.toMatch(FORBIDDEN);
      // Every topic it names is one the review talks about.
      const { good, bad } = topicsOf(f.reviewText);
      for (const phrase of ALL_PHRASES) {
        if (reply.includes(phrase)) expect([...good, ...bad]).toContain(phrase);
      }
      // No figure other than the star rating.
      expect(reply.replace(`${f.rating}-star`, '')).not.toMatch(/\d/);
      if (f.rating <= 3) {
        expect(reply).toMatch(/sorry/);
        expect(reply).toContain('get in touch with us directly');
      } else {
        expect(reply).toMatch(/^Thank you/);
      }
    });
  }

  it('names what the reviewer mentioned', () => {
    expect(offlineReply(FIXTURES[0]!)).toContain('the water heater and the quick turnaround');
    expect(offlineReply(FIXTURES[3]!)).toContain('the leak and the price');
  });
});
