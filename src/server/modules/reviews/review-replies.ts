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
}

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

/** Words a reply must never contain: we do not promise money back in public. */
export const FORBIDDEN = /\b(refund\w*|reimburs\w*|discount\w*|compensat\w*|money back|free of charge|voucher)\b/i;

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

/** The offline engine: a short, warm reply built only from the review and the business name. */
export function offlineReply(input: ReplyInput): string {
  const name = firstName(input.reviewerName);
  const business = input.businessName.trim() || 'our team';
  const { good, bad } = topicsOf(input.reviewText);
  const sign = `— ${business}`;
  if (input.rating >= 4) {
    const about = good.length ? ` We're glad to hear you were happy with ${list(good)}.` : '';
    return `Thank you for the ${input.rating}-star review, ${name}!${about} It means a lot to a local business like ours, and we're here whenever you need us again. ${sign}`;
  }
  const concern = bad.length ? list(bad) : good.length ? list(good) : 'your experience';
  const sorry =
    input.rating <= 2
      ? `${name}, we're sorry your experience with us fell short, and we hear you about ${concern}.`
      : `Thank you for the honest feedback, ${name}. We're sorry about ${concern}, and we want to do better.`;
  return `${sorry} Please get in touch with us directly by phone or email so we can talk it through and put it right. ${sign}`;
}

export const REPLY_SYSTEM = [
  'You write replies from a small home-service business (plumbing, HVAC, electrical, roofing) to its Google reviews.',
  'Rules: address the reviewer by first name; mention specifically what they wrote about; invent nothing —',
  'no staff names, dates, prices, work or promises that are not in the review; never offer a refund, discount or',
  `compensation; for ${FLAG_MAX_RATING} stars or fewer apologise and invite them to contact the business directly to resolve it offline;`,
  'two to four sentences, warm and plain; sign with the business name. Answer with the reply text only.',
].join(' ');

export function replyPrompt(input: ReplyInput): string {
  return [
    `Business: ${input.businessName || 'our business'}`,
    `Reviewer: ${input.reviewerName || 'A customer'}`,
    `Rating: ${input.rating} of 5 stars`,
    `Review: ${input.reviewText || '(no text, rating only)'}`,
  ].join('\n');
}

/** A model's reply is used only when it keeps the rules we can check; else the offline one. */
export function acceptableReply(text: string): boolean {
  const t = text.trim();
  return t.length >= 20 && t.length <= 1500 && !FORBIDDEN.test(t);
}
