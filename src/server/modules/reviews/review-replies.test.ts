import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN,
  REPLY_TONES,
  acceptableReply,
  offlineReply,
  replyPrompt,
  topicsOf,
  type ReplyTone,
} from './review-replies.ts';

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

describe("offline replies in the business's tone", () => {
  const TONES = Object.keys(REPLY_TONES) as ReplyTone[];

  for (const tone of TONES) {
    it(`${tone}: still grounded on the review only`, () => {
      for (const f of FIXTURES) {
        const reply = offlineReply({ ...f, tone });
        const first = f.reviewerName.startsWith('A ') ? 'there' : f.reviewerName.split(' ')[0]!;
        expect(reply).toContain(first);
        expect(reply).toContain(`— ${f.businessName || 'our team'}`);
        expect(reply).not.toMatch(FORBIDDEN);
        const { good, bad } = topicsOf(f.reviewText);
        for (const phrase of ALL_PHRASES) if (reply.includes(phrase)) expect([...good, ...bad]).toContain(phrase);
        expect(reply.replace(`${f.rating}-star`, '')).not.toMatch(/\d/);
        if (f.rating <= 3) {
          expect(reply).toMatch(/sorry|apologise/i);
          expect(reply).toMatch(/directly/);
        }
      }
    });
  }

  it('two tones give visibly different replies to the same review, both naming what the reviewer mentioned', () => {
    const happy = FIXTURES[0]!;
    const professional = offlineReply({ ...happy, tone: 'professional' });
    const casual = offlineReply({ ...happy, tone: 'casual' });
    expect(professional).not.toBe(casual);
    expect(professional).toBe(
      'Thank you for your 5-star review, Maria. We appreciate your kind words about the water heater and the quick turnaround. We value your business and look forward to serving you again. — Rosa Plumbing',
    );
    expect(casual).toBe(
      'Thanks a ton for the 5-star review, Maria! So glad you liked the water heater and the quick turnaround. Give us a shout anytime you need a hand. — Rosa Plumbing',
    );
    expect(professional).not.toContain('!');
    const unhappy = FIXTURES[3]!;
    expect(offlineReply({ ...unhappy, tone: 'professional' })).not.toBe(offlineReply({ ...unhappy, tone: 'casual' }));
  });

  it('an unknown or missing tone is the friendly one; the prompt tells the model the tone', () => {
    const f = FIXTURES[1]!;
    expect(offlineReply({ ...f, tone: 'pirate' })).toBe(offlineReply(f));
    expect(offlineReply(f)).toBe(offlineReply({ ...f, tone: 'friendly' }));
    expect(replyPrompt({ ...f, tone: 'expert' })).toContain(`Tone: ${REPLY_TONES.expert}`);
    expect(replyPrompt(f)).toContain(`Tone: ${REPLY_TONES.friendly}`);
  });
});

describe("a model's reply is used only when it holds no fact outside the review and the business profile", () => {
  const maria = { ...FIXTURES[0]!, profile: 'Serves Austin. Family plumbers since the nineties.' };
  const sam = FIXTURES[3]!;

  it('accepts a reply built from the reviewer, the review, the business and its profile', () => {
    for (const reply of [
      'Thank you for the 5-star review, Maria! We’re glad the water heater was fixed the same day. — Rosa Plumbing',
      "Thanks, Maria! It's always a pleasure to help our neighbours in Austin. — Rosa Plumbing",
      'Hi Maria, we appreciate you taking the time to leave a Google review. I hope you enjoy the tidy work!',
      "Please feel free to call us whenever you need anything. Rosa Plumbing's team thanks you, Maria.",
    ])
      expect(acceptableReply(reply, maria), reply).toBe(true);
  });

  const INVENTED: [string, string][] = [
    ['a staff name', 'Thank you, Maria! Mike was happy to fix the water heater for you. — Rosa Plumbing'],
    ['a day', 'Thank you, Maria! We will check the water heater again on Tuesday. — Rosa Plumbing'],
    ['a place', 'Thank you, Maria! We love working in Denver. — Rosa Plumbing'],
    ['a figure', 'Thank you, Maria! The water heater was fixed in 45 minutes. — Rosa Plumbing'],
    ['a price', 'Thank you, Maria! The water heater cost only $120. — Rosa Plumbing'],
    ['a percentage off', 'Thank you, Maria! We take ten percent off your next visit. — Rosa Plumbing'],
    ['a figure off', 'Thank you, Maria! We take 10% off next time. — Rosa Plumbing'],
    ['something free', 'Thank you, Maria! Your next inspection is free. — Rosa Plumbing'],
    ['a coupon', 'Thank you, Maria! Here is a coupon for the next visit. — Rosa Plumbing'],
    ['a credit', 'Thank you, Maria! We have added a credit to your account. — Rosa Plumbing'],
    ['a guarantee', 'Thank you, Maria! We guarantee every water heater we fit. — Rosa Plumbing'],
    ['a promised date', 'Thank you, Maria! We will be back tomorrow to check on it. — Rosa Plumbing'],
  ];
  for (const [what, reply] of INVENTED)
    it(`refuses ${what}`, () => {
      expect(acceptableReply(reply, maria)).toBe(false);
    });

  it('refuses refunds and compensation even when the reviewer asks for them', () => {
    expect(acceptableReply('Sam, we are sorry about the leak and will refund you in full. — Rosa Plumbing', sam)).toBe(
      false,
    );
    expect(acceptableReply('Sam, we are sorry about the leak; we will compensate you. — Rosa Plumbing', sam)).toBe(
      false,
    );
  });

  it('a name or figure is fine when the review itself holds it', () => {
    const review = { ...maria, reviewText: 'Carlos came on Tuesday and fixed our water heater.' };
    expect(
      acceptableReply('Thanks, Maria! We will tell Carlos you were pleased on Tuesday. — Rosa Plumbing', review),
    ).toBe(true);
    expect(acceptableReply('Thank you for all 5 stars, Maria! — Rosa Plumbing', maria)).toBe(true);
    // Ordinary sentence openers name nobody: a warm reply written with them is kept.
    const warm =
      'Thanks so much, Maria! Having your water heater back is what matters. Feel free to reach out, and take care. Have a great week! See you next time. — Rosa Plumbing';
    expect(acceptableReply(warm, maria)).toBe(true);
    expect(acceptableReply('Thank you for all 4 stars, Maria! — Rosa Plumbing', maria)).toBe(false);
  });

  it('every offline reply, in every tone, passes the same check', () => {
    for (const f of FIXTURES)
      for (const tone of Object.keys(REPLY_TONES)) expect(acceptableReply(offlineReply({ ...f, tone }), f)).toBe(true);
  });

  it('the prompt gives the model the business profile', () => {
    expect(replyPrompt(maria)).toContain('Business profile: Serves Austin. Family plumbers since the nineties.');
    expect(replyPrompt(FIXTURES[1]!)).not.toContain('Business profile');
  });
});
