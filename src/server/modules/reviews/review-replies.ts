import { FLAG_MAX_RATING } from '#shared/schemas/reviews.ts';

/**
 * Reply drafting: the prompt for the AI layer and the offline engine that answers without a
 * model. Both follow the same rules: name the reviewer, mention what they wrote about, invent
 * nothing (no staff names, dates, prices or promises that are not in the review), never offer a
 * refund, discount or compensation, and for 3 stars or fewer apologise and ask them to get in
 * touch directly so it can be resolved offline.
 */
export interface ReplyInput {
  reviewerName: string;
  rating: number;
  reviewText: string;
  businessName: string;
  /** The business's tone from its onboarding profile (professional, friendly, expert, casual); friendly when unset. */
  tone?: string | undefined;
  /** What the onboarding profile says of the business (service area, description): facts a reply may use. */
  profile?: string | undefined;
}

/** The onboarding profile's content tones (CONTENT_TONES), each as the model is told to write. */
export const REPLY_TONES = {
  professional: 'professional — courteous, polished and concise, no exclamation marks or slang',
  friendly: 'friendly — warm and personal, like a neighbour who runs the business',
  expert: 'expert — confident and knowledgeable, about doing the work properly, without jargon',
  casual: 'casual — relaxed and chatty, contractions and everyday words',
} as const;
export type ReplyTone = keyof typeof REPLY_TONES;
export const toneOf = (tone: string | undefined): ReplyTone =>
  tone && tone in REPLY_TONES ? (tone as ReplyTone) : 'friendly';

/** What a review may talk about, as the reply names it. Only topics found in the review are used. */
const TOPICS: { pattern: RegExp; phrase: string; tone: 'good' | 'bad' }[] = [
  { pattern: /water heater/i, phrase: 'the water heater', tone: 'good' },
  { pattern: /boiler/i, phrase: 'the boiler', tone: 'good' },
  { pattern: /furnace/i, phrase: 'the furnace', tone: 'good' },
  { pattern: /\b(a\/?c|air condition\w*)\b/i, phrase: 'the air conditioning', tone: 'good' },
  { pattern: /\bdrains?\b/i, phrase: 'the drain', tone: 'good' },
  { pattern: /\b(leak\w*)\b/i, phrase: 'the leak', tone: 'bad' },
  { pattern: /\b(late|delay\w*|waited|no[- ]show)\b/i, phrase: 'the wait', tone: 'bad' },
  { pattern: /\b(expensive|overcharg\w*|price[sd]?|cost)\b/i, phrase: 'the price', tone: 'bad' },
  { pattern: /\b(rude|unprofessional)\b/i, phrase: 'how you were treated', tone: 'bad' },
  { pattern: /\b(mess|messy|dirty)\b/i, phrase: 'the mess left behind', tone: 'bad' },
  { pattern: /\b(same day|quick\w*|fast|prompt\w*|on time)\b/i, phrase: 'the quick turnaround', tone: 'good' },
  { pattern: /\b(tidy|clean)\b/i, phrase: 'the tidy work', tone: 'good' },
  { pattern: /\b(friendly|polite|kind|helpful)\b/i, phrase: 'the friendly service', tone: 'good' },
  { pattern: /\b(technician|plumber|electrician|crew|team)\b/i, phrase: 'our team', tone: 'good' },
];

/** Words a reply must never contain: no money back, offers, guarantees or dates promised in public. */
export const FORBIDDEN =
  /\b(?:refund\w*|reimburs\w*|discount\w*|compensat\w*|money back|(?<!feel )free|vouchers?|coupons?|credit\w*|percent off|on the house|guarantee\w*|warrant\w*|tomorrow|next week)\b/i;

export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^(a|an)$/i.test(first) || /google user/i.test(name) || !first ? 'there' : first;
}

export function topicsOf(text: string): { good: string[]; bad: string[] } {
  const good: string[] = [];
  const bad: string[] = [];
  for (const t of TOPICS) {
    if (!t.pattern.test(text)) continue;
    (t.tone === 'good' ? good : bad).push(t.phrase);
  }
  return { good: good.slice(0, 2), bad: bad.slice(0, 2) };
}

const list = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0];

/** What each tone says around the reviewer's own topics: nothing here names a fact, a date or a promise of money. */
interface ToneWords {
  thanks: (rating: number, name: string) => string;
  about: (good: string) => string;
  close: string;
  poor: (name: string, concern: string) => string;
  mixed: (name: string, concern: string) => string;
  offline: string;
}
const TONE_WORDS: Record<ReplyTone, ToneWords> = {
  friendly: {
    thanks: (r, name) => `Thank you for the ${r}-star review, ${name}!`,
    about: (good) => `We're glad to hear you were happy with ${good}.`,
    close: `It means a lot to a local business like ours, and we're here whenever you need us again.`,
    poor: (name, concern) =>
      `${name}, we're sorry your experience with us fell short, and we hear you about ${concern}.`,
    mixed: (name, concern) =>
      `Thank you for the honest feedback, ${name}. We're sorry about ${concern}, and we want to do better.`,
    offline: 'Please get in touch with us directly by phone or email so we can talk it through and put it right.',
  },
  professional: {
    thanks: (r, name) => `Thank you for your ${r}-star review, ${name}.`,
    about: (good) => `We appreciate your kind words about ${good}.`,
    close: 'We value your business and look forward to serving you again.',
    poor: (name, concern) =>
      `${name}, we apologise that your experience did not meet the standard we aim for, and we are sorry about ${concern}.`,
    mixed: (name, concern) =>
      `Thank you for your feedback, ${name}. We are sorry about ${concern} and we take it seriously.`,
    offline: 'Please contact us directly by phone or email so that we can discuss the matter and resolve it.',
  },
  expert: {
    thanks: (r, name) => `Thank you for the ${r}-star review, ${name}.`,
    about: (good) => `We're pleased ${good} met your expectations.`,
    close: 'Doing the job properly is what we care about most, and we are glad it showed.',
    poor: (name, concern) =>
      `${name}, we're sorry the work did not meet the standard we hold ourselves to, and we hear you about ${concern}.`,
    mixed: (name, concern) =>
      `Thanks for the candid feedback, ${name}. We're sorry about ${concern}; getting that right is part of doing the job properly.`,
    offline: 'Please get in touch with us directly by phone or email so we can look into it with you and put it right.',
  },
  casual: {
    thanks: (r, name) => `Thanks a ton for the ${r}-star review, ${name}!`,
    about: (good) => `So glad you liked ${good}.`,
    close: `Give us a shout anytime you need a hand.`,
    poor: (name, concern) => `${name}, we're really sorry we let you down, and we hear you about ${concern}.`,
    mixed: (name, concern) =>
      `Thanks for being straight with us, ${name}. Sorry about ${concern}, we want to do better.`,
    offline: 'Give us a call or drop us an email directly so we can sort it out.',
  },
};

/** The offline engine: a short reply in the business's tone, built only from the review and the business name. */
export function offlineReply(input: ReplyInput): string {
  const words = TONE_WORDS[toneOf(input.tone)];
  const name = firstName(input.reviewerName);
  const business = input.businessName.trim() || 'our team';
  const { good, bad } = topicsOf(input.reviewText);
  const sign = `— ${business}`;
  if (input.rating >= 4) {
    const about = good.length ? ` ${words.about(list(good)!)}` : '';
    return `${words.thanks(input.rating, name)}${about} ${words.close} ${sign}`;
  }
  const concern = (bad.length ? list(bad) : good.length ? list(good) : undefined) ?? 'your experience';
  const sorry = input.rating <= 2 ? words.poor(name, concern) : words.mixed(name, concern);
  return `${sorry} ${words.offline} ${sign}`;
}

export const REPLY_SYSTEM = [
  'You write replies from a small home-service business (plumbing, HVAC, electrical, roofing) to its Google reviews.',
  'Rules: address the reviewer by first name; mention specifically what they wrote about; invent nothing —',
  'no figure but the star rating, and no names, dates, prices, work or promises that are not in the review or the business profile;',
  'never offer a refund, discount, credit, anything free or a guarantee;',
  `for ${FLAG_MAX_RATING} stars or fewer apologise and invite them to contact the business directly to resolve it offline;`,
  'write in the tone given; two to four sentences, plain words; sign with the business name. Answer with the reply text only.',
].join(' ');

export function replyPrompt(input: ReplyInput): string {
  return [
    `Business: ${input.businessName || 'our business'}`,
    ...(input.profile ? [`Business profile: ${input.profile}`] : []),
    `Tone: ${REPLY_TONES[toneOf(input.tone)]}`,
    `Reviewer: ${input.reviewerName || 'A customer'}`,
    `Rating: ${input.rating} of 5 stars`,
    `Review: ${input.reviewText || '(no text, rating only)'}`,
  ].join('\n');
}

/** Everyday words a reply may capitalise (sentence openers, "I", the platform); they name nobody and nothing. */
const EVERYDAY = new Set(
  (
    'a absolutely again all also an and any apologies appreciate as at best but by cheers dear doing for from ' +
    "give glad google great happy hello here hey hi hope i i'd i'll i'm i've if in it it's its just kind let looking " +
    'many much my no not of on our please really regards review sincerely so sorry star stars team thank thanks ' +
    "that that's the there these this those to truly unfortunately very warm we we'd we'll we're we've welcome " +
    "what when with wow yes you you'd you're you've your " +
    // common sentence openers of a reply
    'after always anytime be because before being can certainly come congratulations could customer ' +
    "definitely delighted do don't enjoy every feedback feel get grateful have having honored honoured " +
    "how it'll keep know let's make may means might next now once pleased rest see should since stay " +
    'sure take then thrilled today until visit warmly while will would'
  ).split(' '),
);
const normalised = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
const wordsOf = (text: string) => new Set((text.match(/[\p{L}\p{N}'’]+/gu) ?? []).map(normalised));
const CAPITALISED = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}\p{M}'’]*/gu;

/**
 * A model's reply is used only when it keeps the rules we can check, else the offline one: a
 * sensible length; no offer of money, guarantee or promised date; no figure but the star rating;
 * no capitalised name (a person, a day, a place) that is not in the reviewer's name, the review,
 * the business's name or its profile.
 */
export function acceptableReply(text: string, facts: ReplyInput): boolean {
  const t = text.trim();
  if (t.length < 20 || t.length > 1500 || FORBIDDEN.test(t)) return false;
  if (!(t.match(/\d+/g) ?? []).every((n) => Number(n) === facts.rating)) return false;
  const known = wordsOf([facts.reviewerName, facts.reviewText, facts.businessName, facts.profile ?? ''].join(' '));
  return (t.match(CAPITALISED) ?? []).every((word) => EVERYDAY.has(normalised(word)) || known.has(normalised(word)));
}
