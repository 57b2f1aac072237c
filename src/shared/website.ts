// The website area's constants and pure helpers without zod, so the website page loads no schema
// code before its first paint; schemas/website.ts re-exports them beside the schemas that use them.

export const CONTENT_TYPES = ['blog', 'medium', 'substack'] as const;
export type TContentType = (typeof CONTENT_TYPES)[number];
export const BLOG_TONES = ['professional', 'friendly', 'authoritative', 'conversational'] as const;
export const BLOG_LENGTHS = ['short', 'medium', 'long'] as const;
export type TBlogLength = (typeof BLOG_LENGTHS)[number];
export const BLOG_AUDIENCES = ['homeowners', 'business-owners', 'property-managers', 'contractors'] as const;
export const BLOG_STATUSES = ['draft', 'published'] as const;
export const SCHEDULE_STATES = ['scheduled', 'publishing', 'failed'] as const;
export type TScheduleState = (typeof SCHEDULE_STATES)[number];

/** Word ranges per platform and length (min, max). */
export const WORD_RANGES: Record<TContentType, Record<TBlogLength, readonly [number, number]>> = {
  blog: { short: [400, 600], medium: [800, 1200], long: [1500, 2000] },
  medium: { short: [800, 1200], medium: [1500, 2000], long: [2500, 3000] },
  substack: { short: [600, 1000], medium: [1200, 1800], long: [2000, 2500] },
};
export const RECENT_POSTS_SHOWN = 5;

export const WEBSITE_MESSAGES = {
  topicRequired: { title: 'Topic Required', message: 'Please enter a topic for your blog post.' },
  generationFailed: { title: 'Generation Failed', message: 'Failed to generate content. Please try again.' },
  landingFailed: { title: 'Generation Error', message: 'Failed to generate landing page. Please try again.' },
  landingApology: "I'm sorry, I couldn't build that page just now. Please try again in a moment.",
  copyFailed: { title: 'Copy Failed', message: 'Your browser did not allow copying. Select the text and copy it.' },
  wordpressNotConfigured: 'Please save your WordPress site URL, username and application password in Settings first.',
  leadThanks: 'Thanks! We got your request and will be in touch shortly.',
} as const;

/**
 * The lead form's guard (decision 021): what a visitor reads when the challenge fails, how the owner
 * hears of a lead that got no automatic reply, and the daily limit's notice.
 */
export const LEAD_FORM_MESSAGES = {
  autoReplySubject: (business: string) => `${business} got your request`,
  autoReplyEmail: (business: string) =>
    `Thanks for contacting ${business}. We got your request and will call or email you shortly to set a time.`,
  autoReplySms: (greeting: string, business: string) =>
    `Hi ${greeting}, thanks for contacting ${business}. We got your request and will call you shortly. Reply STOP to opt out.`,
  /** The greeting when the name typed is not plainly a name. */
  noName: 'there',
  challengeMissing: 'Please complete the check above the Send button, then send the form again.',
  challengeFailed: 'We could not confirm you are a person. Please go back, complete the check and send the form again.',
  usedForm:
    'No automatic reply went out: this form was already sent once from the same page visit (a double submission, or a copy of the form).',
  repeatRecipient: 'No automatic reply went out: this customer was already answered automatically today.',
  dailyLimit: (limit: number) =>
    `No automatic reply went out: today's limit of ${limit} automatic replies is reached. Please answer them yourself.`,
  challengeUnavailable:
    'No automatic reply went out: the spam check (Turnstile) could not be reached, so we could not confirm the visitor is a person.',
  limitSubject: "Today's automatic replies are paused",
  limitBody: (limit: number, link: string) =>
    `Your landing pages sent today's ${limit} automatic replies. New leads are still saved and you are still told about each one, but visitors get no automatic reply until tomorrow. If this is spam, turn on the Turnstile check in Settings → Lead form: ${link}`,
  limitReached: (limit: number) =>
    `Today's ${limit} automatic replies have been sent. New leads are still saved and you hear about each one; visitors get an automatic reply again tomorrow.`,
} as const;

export const FEATURED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const FEATURED_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const FEATURED_IMAGE_MESSAGES = {
  type: 'The featured image must be a JPEG, PNG, WebP or GIF file.',
  size: 'The featured image must be at most 4 MB.',
  empty: 'The image file is empty.',
} as const;

/** Words in a Markdown text, as the editor and the stats count them. */
export function countWords(markdown: string): number {
  const words = markdown.replace(/[#>*_`[\]()!-]+/g, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’.,:;?]*/gu);
  return words?.length ?? 0;
}
