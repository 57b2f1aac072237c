import { z } from 'zod';
import { zString } from './string.ts';
import { REPLY_FILTERS, REPLY_MAX } from '../reviews.ts';

/** The zod-free constants and helpers live in shared/reviews.ts. */
export * from '../reviews.ts';

// Places -------------------------------------------------------------------------------------

export const ZPlacesStatus = z.object({ configured: z.boolean() });
export type TPlacesStatus = z.infer<typeof ZPlacesStatus>;

export const ZPlaceSearchQuery = z.object({
  q: zString().trim().max(200, 'Search must be at most 200 characters').default(''),
});

/** A business search result (the spec's legacy field names). */
export const ZPlace = z.object({
  place_id: zString(),
  name: zString(),
  formatted_address: zString(),
  rating: z.number().nullable(),
  user_ratings_total: z.number().nullable(),
});
export type TPlace = z.infer<typeof ZPlace>;

export const ZPlaceSearch = z.object({
  results: z.array(ZPlace),
  /** Sample businesses: no Places API key is set. */
  demo: z.boolean(),
});
export type TPlaceSearch = z.infer<typeof ZPlaceSearch>;

export const ZPlaceIdParams = z.object({ placeId: zString().max(300) });

// Reviews ------------------------------------------------------------------------------------

export const ZReview = z.object({
  id: zString(),
  reviewerName: zString(),
  reviewerPhotoUrl: zString().nullable(),
  rating: z.number().int(),
  comment: zString().nullable(),
  createTime: zString().nullable(),
  platform: zString(),
  /** The review's page on Google, for View Full Review and pasting a reply by hand. */
  reviewUrl: zString().nullable(),
  /** The saved draft (generated or edited). */
  draft: zString().nullable(),
  /** The reply as it stands on Google, and when it was made. */
  replyText: zString().nullable(),
  repliedAt: zString().nullable(),
  flagged: z.boolean(),
  /** When the follow-up task of a flagged review was completed (null while it is open, or never flagged). */
  followUpResolvedAt: zString().nullable(),
  /** Post Response publishes it (a Business Profile review with a healthy Google connection). */
  canPost: z.boolean(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewAnalytics = z.object({
  averageRating: z.number().nullable(),
  totalReviewCount: z.number(),
  /** Replied reviews out of all, in percent; null without reviews. */
  responseRate: z.number().nullable(),
  /** Mean hours from review to reply over replied reviews; null when none is replied. */
  averageResponseHours: z.number().nullable(),
});
export type TReviewAnalytics = z.infer<typeof ZReviewAnalytics>;

export const ZReviewBusiness = z.object({
  placeId: zString(),
  name: zString(),
  address: zString().nullable(),
  rating: z.number().nullable(),
  ratingCount: z.number().nullable(),
});
export type TReviewBusiness = z.infer<typeof ZReviewBusiness>;

export const ZReviewOverview = z.object({
  business: ZReviewBusiness.nullable(),
  /** Sample data (no Places key): shown under a Demo Data badge. */
  demo: z.boolean(),
  /** A Business Profile is connected: every review is synced and replies can be posted. */
  googleConnected: z.boolean(),
});
export type TReviewOverview = z.infer<typeof ZReviewOverview>;

export const ZChooseBusinessRequest = z.object({ placeId: zString().trim().min(1, 'Choose a business').max(300) });

export const ZReviewListQuery = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  replied: z.enum(REPLY_FILTERS, { error: 'Replied must be all, replied or unreplied' }).default('all'),
  /** Reviews written on or after this day (YYYY-MM-DD). */
  since: z.iso.date({ error: 'Please choose a valid date' }).optional(),
  /** Where the page starts: the previous page's nextOffset. */
  offset: z.coerce
    .number({ error: 'Offset must be a whole number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be 0 or more')
    .max(1_000_000, 'Offset must be at most 1000000')
    .optional(),
});
export type TReviewListQuery = z.output<typeof ZReviewListQuery>;

export const ZReviewList = z.object({
  reviews: z.array(ZReview),
  analytics: ZReviewAnalytics,
  /** Pass as ?offset= for the next page of reviews; null on the last page. */
  nextOffset: z.number().nullable(),
  /** Read from Google now (Places or the synced Business Profile), not sample data. */
  liveData: z.boolean(),
  demo: z.boolean(),
});
export type TReviewList = z.infer<typeof ZReviewList>;

export const ZReviewParams = z.object({ id: zString().max(64) });

// Replies ------------------------------------------------------------------------------------

export const ZGenerateResponseRequest = z.object({
  reviewText: zString().trim().max(5000, 'Review must be at most 5000 characters').default(''),
  rating: z
    .number({ error: 'Rating must be 1 to 5' })
    .int()
    .min(1, 'Rating must be 1 to 5')
    .max(5, 'Rating must be 1 to 5'),
  businessName: zString().trim().max(200, 'Business name must be at most 200 characters').default(''),
  reviewerName: zString().trim().max(200).optional(),
  /** When given, the draft is kept on that review. */
  reviewId: zString().max(64).optional(),
});
export type TGenerateResponseRequest = z.input<typeof ZGenerateResponseRequest>;

export const ZGeneratedResponse = z.object({ response: zString(), source: z.enum(['ai', 'offline']) });
export type TGeneratedResponse = z.infer<typeof ZGeneratedResponse>;

const replyText = zString()
  .trim()
  .min(1, 'Write a reply first')
  .max(REPLY_MAX, `Reply must be at most ${REPLY_MAX} characters`);

export const ZPostReplyRequest = z.object({ text: replyText });
export type TPostReplyRequest = z.input<typeof ZPostReplyRequest>;

export const ZFlagResult = z.object({ review: ZReview, taskId: zString() });
export type TFlagResult = z.infer<typeof ZFlagResult>;

export const ZSyncResult = z.object({ imported: z.number(), updated: z.number(), pages: z.number() });
export type TSyncResult = z.infer<typeof ZSyncResult>;

// Templates ----------------------------------------------------------------------------------

export const ZReplyTemplateRequest = z.object({
  name: zString().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  body: zString().trim().min(1, 'Template text is required').max(2000, 'Template must be at most 2000 characters'),
});
export type TReplyTemplateRequest = z.input<typeof ZReplyTemplateRequest>;

export const ZReplyTemplate = z.object({ id: zString(), name: zString(), body: zString(), createdAt: zString() });
export type TReplyTemplate = z.infer<typeof ZReplyTemplate>;
export const ZReplyTemplateList = z.object({ templates: z.array(ZReplyTemplate) });
export type TReplyTemplateList = z.infer<typeof ZReplyTemplateList>;
