import { z } from 'zod';
import { zString } from './string.ts';
import {
  BLOG_AUDIENCES,
  BLOG_LENGTHS,
  BLOG_STATUSES,
  BLOG_TONES,
  CONTENT_TYPES,
  FEATURED_IMAGE_MAX_BYTES,
  FEATURED_IMAGE_MESSAGES,
  SCHEDULE_STATES,
  WEBSITE_MESSAGES,
} from '../website.ts';

// The website area: blog generation and drafts, WordPress publishing, landing pages built by chat.
// Its zod-free constants and helpers live in shared/website.ts.
export * from '../website.ts';

const keyword = zString().trim().min(1).max(60, 'Keywords must be at most 60 characters');

/** POST /api/ai/generate-{blog,medium,substack}: the generator form. */
export const ZBlogGenerationRequest = z.object({
  topic: zString({ error: WEBSITE_MESSAGES.topicRequired.message })
    .trim()
    .min(1, WEBSITE_MESSAGES.topicRequired.message)
    .max(200, 'Topic must be at most 200 characters'),
  tone: z.enum(BLOG_TONES, { error: 'Please choose a tone' }).default('professional'),
  length: z.enum(BLOG_LENGTHS, { error: 'Please choose a length' }).default('medium'),
  targetAudience: z.enum(BLOG_AUDIENCES, { error: 'Please choose an audience' }).default('homeowners'),
  keywords: z.array(keyword).max(15, 'Use at most 15 keywords').default([]),
  includeCallToAction: z.boolean().default(true),
  contentType: z.enum(CONTENT_TYPES).optional(),
});
export type TBlogGenerationRequest = z.input<typeof ZBlogGenerationRequest>;
export type TBlogGeneration = z.output<typeof ZBlogGenerationRequest>;

export const ZGeneratedContent = z.object({
  platform: z.enum(CONTENT_TYPES),
  title: zString(),
  metaDescription: zString(),
  /** Markdown. */
  content: zString(),
  wordCount: z.number(),
  source: z.enum(['ai', 'offline']),
});
export type TGeneratedContent = z.infer<typeof ZGeneratedContent>;

const list = z.array(zString().trim().min(1).max(60, 'Each category or tag must be at most 60 characters')).max(20);

/** POST/PATCH /api/website/blog-posts: the editor's draft. */
export const ZSaveBlogPostRequest = z.object({
  title: zString({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  content: zString().max(100_000, 'The post is too long (at most 100,000 characters)'),
  metaDescription: zString().trim().max(300, 'Meta description must be at most 300 characters').default(''),
  categories: list.default([]),
  tags: list.default([]),
  platform: z.enum(CONTENT_TYPES).default('blog'),
  topic: zString().trim().max(200).optional(),
  tone: z.enum(BLOG_TONES).optional(),
});
export type TSaveBlogPostRequest = z.input<typeof ZSaveBlogPostRequest>;
export type TSaveBlogPost = z.output<typeof ZSaveBlogPostRequest>;

export const ZPublishBlogPostRequest = z.object({
  status: z.enum(['draft', 'publish'], { error: 'Status must be draft or publish' }).default('publish'),
});

export const ZBlogPost = z.object({
  id: zString(),
  title: zString(),
  excerpt: zString().nullable(),
  content: zString(),
  metaDescription: zString(),
  categories: z.array(zString()),
  tags: z.array(zString()),
  status: z.enum(BLOG_STATUSES),
  platform: z.enum(CONTENT_TYPES),
  readingTime: z.number(),
  wordCount: z.number(),
  remotePostId: z.number().nullable(),
  remoteUrl: zString().nullable(),
  remoteStatus: zString().nullable(),
  publishedAt: zString().nullable(),
  /** A publish to WordPress planned for later (null when none), in the business's time zone. */
  schedule: z
    .object({
      at: zString(),
      date: zString(),
      time: zString(),
      timezone: zString(),
      state: z.enum(SCHEDULE_STATES),
      /** Why the scheduled publish failed, in words the owner can act on. */
      error: zString().nullable(),
    })
    .nullable(),
  featuredImage: z
    .object({ filename: zString(), mimeType: zString(), size: z.number(), remoteUrl: zString().nullable() })
    .nullable(),
  createdAt: zString(),
  updatedAt: zString(),
});
export type TBlogPost = z.infer<typeof ZBlogPost>;

/** POST /api/website/blog-posts/:id/schedule: a wall-clock date and time in the business's time zone. */
export const ZScheduleBlogPostRequest = z.object({
  date: zString({ error: 'Pick a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date'),
  time: zString({ error: 'Pick a time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Pick a time'),
});
export type TScheduleBlogPostRequest = z.infer<typeof ZScheduleBlogPostRequest>;

/** PUT /api/website/blog-posts/:id/featured-image: the file, base64-encoded. */
export const ZFeaturedImageRequest = z.object({
  filename: zString({ error: 'The file needs a name' }).trim().min(1, 'The file needs a name').max(200),
  contentType: zString().max(100),
  /** Base64, at most 4 MB once decoded. */
  data: zString()
    .max(Math.ceil(FEATURED_IMAGE_MAX_BYTES / 3) * 4 + 4, FEATURED_IMAGE_MESSAGES.size)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The image data is not valid base64.'),
});
export type TFeaturedImageRequest = z.infer<typeof ZFeaturedImageRequest>;

export const ZContentStats = z.object({
  published: z.number(),
  drafts: z.number(),
  words: z.number(),
  /** Posts this month; the goal is a post a week. */
  thisMonth: z.number(),
  monthlyGoal: z.number(),
});
export type TContentStats = z.infer<typeof ZContentStats>;

export const ZBlogPostList = z.object({
  posts: z.array(ZBlogPost),
  stats: ZContentStats,
  /** The business's time zone, in which publishes are scheduled. */
  timezone: zString(),
});
export type TBlogPostList = z.infer<typeof ZBlogPostList>;

export const ZPublishResult = z.object({ post: ZBlogPost, message: zString() });
export type TPublishResult = z.infer<typeof ZPublishResult>;

// --- Landing pages --------------------------------------------------------------------------

const line = (max: number) => zString().trim().min(1).max(max);

/** The structured page the model (or the offline engine) returns: a fixed set of sections. */
export const ZLandingPageContent = z.object({
  title: line(120),
  description: line(300),
  hero: z.object({ headline: line(120), subheadline: line(300), ctaLabel: line(40) }),
  services: z.object({
    heading: line(120),
    items: z
      .array(z.object({ name: line(80), description: line(300) }))
      .min(1)
      .max(8),
  }),
  reviews: z.object({
    heading: line(120),
    items: z.array(z.object({ quote: line(400), author: line(80) })).max(6),
  }),
  offer: z.object({ heading: line(120), details: line(400), ctaLabel: line(40) }),
  faq: z.object({
    heading: line(120),
    items: z
      .array(z.object({ question: line(200), answer: line(600) }))
      .min(1)
      .max(8),
  }),
  leadForm: z.object({ heading: line(120), buttonLabel: line(40) }),
});
export type TLandingPageContent = z.infer<typeof ZLandingPageContent>;

export const ZChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: zString().max(4000, 'Messages must be at most 4,000 characters'),
});

export const ZGenerateLandingRequest = z.object({
  messages: z.array(ZChatMessage).max(40).default([]),
  userPrompt: zString({ error: 'Please type a message' })
    .trim()
    .min(1, 'Please type a message')
    .max(2000, 'Messages must be at most 2,000 characters'),
  /** Refine this page instead of starting a new one. */
  landingPageId: zString().max(64).optional(),
});
export type TGenerateLandingRequest = z.input<typeof ZGenerateLandingRequest>;

export const ZLandingPage = z.object({
  id: zString(),
  title: zString(),
  description: zString().nullable(),
  html: zString(),
  css: zString(),
  thumbnail: zString().nullable(),
  page: ZLandingPageContent,
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: zString(), timestamp: zString() })),
  slug: zString().nullable(),
  /** The public address once published. */
  publicPath: zString().nullable(),
  publishedAt: zString().nullable(),
  createdAt: zString(),
});
export type TLandingPage = z.infer<typeof ZLandingPage>;

export const ZGenerateLandingResponse = z.object({
  message: zString(),
  landingPage: ZLandingPage,
  source: z.enum(['ai', 'offline']),
});
export type TGenerateLandingResponse = z.infer<typeof ZGenerateLandingResponse>;

export const ZLandingPageList = z.object({ pages: z.array(ZLandingPage) });
export type TLandingPageList = z.infer<typeof ZLandingPageList>;

/** GET /api/website/auto-replies: today's automatic replies to landing-page leads (the business's day). */
export const ZAutoReplyStatus = z.object({
  sentToday: z.number().int(),
  dailyLimit: z.number().int(),
  /** When today's limit was reached (ISO), or null. */
  limitReachedAt: zString().nullable(),
});
export type TAutoReplyStatus = z.infer<typeof ZAutoReplyStatus>;
