import { z } from 'zod';
import { zString } from './string.ts';
import { ENTERED_SOURCES, LEAD_SOURCES } from './lead-sources.ts';
import {
  JOB_VALUE_MAX,
  JOB_VALUE_MESSAGES,
  LEAD_IMPORT_MAX_CHARS,
  LEAD_IMPORT_MESSAGES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
} from '../leads.ts';

/** Shared enumerations of the spec (the zod-free ones live in shared/leads.ts). */
export * from '../leads.ts';
/** How engaged the customer is (replies, questions, opened estimates); a scoring feature. */
export const ENGAGEMENT_LEVELS = ['unknown', 'low', 'medium', 'high'] as const;
export type TEngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];
/** Which model scored a lead: the trade priors, or the business's own fitted history. */
export const SCORE_MODELS = ['priors', 'history'] as const;
export type TScoreModel = (typeof SCORE_MODELS)[number];

/** Page size of GET /api/leads: default and ceiling. */
export const LEADS_PAGE_DEFAULT = 50;
export const LEADS_PAGE_MAX = 200;

const requiredText = (label: string, max: number) =>
  zString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Empty strings from the form mean "not given" (null: on update, clears it); absent stays undefined. */
const optionalEmail = zString()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address')
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null));

/** A phone a person can dial: digits with optional +, spaces, dots, dashes, parentheses; 7–15 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}$/;
const optionalPhone = zString()
  .trim()
  .max(25, 'Please enter a valid phone number')
  .refine((v) => {
    if (v === '') return true;
    const digits = v.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(v) && digits >= 7 && digits <= 15;
  }, 'Please enter a valid phone number')
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** POST /api/leads: name, service and location required. */
export const ZCreateLeadRequest = z.object({
  name: requiredText('Name', 120),
  email: optionalEmail,
  phone: optionalPhone,
  service: requiredText('Service', 120),
  location: requiredText('Location', 160),
  priority: z.enum(LEAD_PRIORITIES, { error: 'Priority must be low, medium or high' }).default('medium'),
  status: z
    .enum(LEAD_STATUSES, { error: 'Status must be new, contacted, qualified, converted or lost' })
    .default('new'),
  /** How the lead found the business, when entered by hand; manual entry when left out. */
  source: z.enum(ENTERED_SOURCES, { error: 'Source is not valid' }).default('manual'),
});
export type TCreateLeadRequest = z.input<typeof ZCreateLeadRequest>;

/**
 * PATCH /api/leads/{id}: the editable fields and/or a status change. Status changes follow
 * the spec (Contact, Mark New, Convert); any other transition is a 400 with a message.
 */
export const ZUpdateLeadRequest = z
  .object({
    name: requiredText('Name', 120).optional(),
    email: optionalEmail,
    phone: optionalPhone,
    service: requiredText('Service', 120).optional(),
    location: requiredText('Location', 160).optional(),
    priority: z.enum(LEAD_PRIORITIES, { error: 'Priority must be low, medium or high' }).optional(),
    status: z.enum(LEAD_STATUSES, { error: 'Status must be new, contacted, qualified, converted or lost' }).optional(),
    engagementLevel: z.enum(ENGAGEMENT_LEVELS, { error: 'Engagement must be unknown, low, medium or high' }).optional(),
    /** Dollars the job was worth, entered on Convert; the predicted value when left out. */
    jobValue: z
      .number({ error: JOB_VALUE_MESSAGES.notANumber })
      .min(0, JOB_VALUE_MESSAGES.negative)
      .max(JOB_VALUE_MAX, JOB_VALUE_MESSAGES.tooLarge)
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export const ZLeadListQuery = z.object({
  q: zString().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  priority: z.enum(LEAD_PRIORITIES).optional(),
  limit: z.coerce.number().int().min(1).max(LEADS_PAGE_MAX).default(LEADS_PAGE_DEFAULT),
  /** Opaque cursor from the previous page's nextCursor. */
  cursor: zString().max(200).optional(),
});

/** The CSV export takes the list's filters (its paging parameters are ignored: the file holds every match). */
export const ZLeadExportQuery = ZLeadListQuery.pick({ q: true, status: true, priority: true });
export type TLeadExportQuery = z.infer<typeof ZLeadExportQuery>;

/** One factor of the explainable score, e.g. { label: 'Emergency request', points: 18 }. */
export const ZScoreFactor = z.object({ label: zString(), points: z.number() });
export type TScoreFactor = z.infer<typeof ZScoreFactor>;

export const ZLead = z.object({
  id: z.uuid(),
  name: zString(),
  email: zString().nullable(),
  phone: zString().nullable(),
  service: zString(),
  location: zString(),
  priority: z.enum(LEAD_PRIORITIES),
  status: z.enum(LEAD_STATUSES),
  leadScore: z.number().int(), // 0..100
  urgencyScore: z.number().int(), // 0..100, default 50
  /** Percent 0..100 with two decimals, null until scored. */
  conversionProbability: z.number().nullable(),
  /** Dollars with two decimals, null until scored. */
  predictedValue: z.number().nullable(),
  /** Dollars the converted job was worth (entered on Convert); null until converted. */
  jobValue: z.number().nullable(),
  /** Where the lead came from (landing page, social post, manual entry, …). */
  source: z.enum(LEAD_SOURCES),
  /** The title of the landing page whose form sent the lead; null for other leads. */
  sourcePage: zString().nullable(),
  /** The search words of an organic-search lead, when the visit carried them (utm_term). */
  sourceKeyword: zString().nullable(),
  engagementLevel: zString(),
  aiRecommendations: z.array(zString()),
  /** Top factors of the last score, largest first; empty until scored. */
  scoreFactors: z.array(ZScoreFactor),
  /** 'history' when the tenant's own fitted model scored it, 'priors' before enough closed leads. */
  scoreModel: z.enum(SCORE_MODELS).nullable(),
  lastContactedAt: z.iso.datetime({ offset: true }).nullable(),
  nextFollowUpAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TLead = z.infer<typeof ZLead>;

export const ZLeadPage = z.object({
  leads: z.array(ZLead),
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: zString().nullable(),
});
export type TLeadPage = z.infer<typeof ZLeadPage>;

/** GET /api/leads/hottest: how many of the open leads most worth a call to list (default 5). */
export const ZHottestLeadsQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(20, 'Limit must be at most 20')
    .default(5),
});
export const ZHottestLeads = z.object({ leads: z.array(ZLead) });
export type THottestLeads = z.infer<typeof ZHottestLeads>;

/** The four summary cards of the spec, over all the tenant's leads (not the current page). */
export const ZLeadSummary = z.object({
  total: z.number().int(),
  new: z.number().int(),
  qualified: z.number().int(),
  converted: z.number().int(),
  /** converted / total as a rounded percent; 0 when there are no leads. */
  conversionRate: z.number().int(),
});
export type TLeadSummary = z.infer<typeof ZLeadSummary>;

/** GET /api/leads/analytics/scores. Averages over scored leads; 0 when none. */
export const ZLeadScoreAnalytics = z.object({
  avgLeadScore: z.number(),
  avgUrgencyScore: z.number(),
  avgConversionProbability: z.number(),
  totalPredictedValue: z.number(),
});
export type TLeadScoreAnalytics = z.infer<typeof ZLeadScoreAnalytics>;

/** POST /api/leads/{id}/qualify: the lead after the rule ran, whether it qualified, and why. */
export const ZQualifyResult = z.object({
  lead: ZLead,
  qualified: z.boolean(),
  /** Plain-English reasons: the criteria met, or the ones missing when it did not qualify. */
  reasons: z.array(zString()),
});
export type TQualifyResult = z.infer<typeof ZQualifyResult>;

/** GET /api/leads/{id}/recommendations ("Get Tips"). */
export const ZLeadRecommendations = z.object({
  recommendations: z.array(zString()),
  /** 'ai' from a configured provider, 'offline' from the rule-based playbook. */
  source: z.enum(['ai', 'offline']),
});
export type TLeadRecommendations = z.infer<typeof ZLeadRecommendations>;

export const ZActivity = z.object({
  id: z.uuid(),
  type: zString(),
  title: zString(),
  description: zString().nullable(),
  leadId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZActivityListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZActivityList = z.object({ activities: z.array(ZActivity) });
export type TActivityList = z.infer<typeof ZActivityList>;

/** POST /api/leads/import(?dryRun=true): the file's text. */
export const ZLeadImportRequest = z.object({
  csv: zString().min(1, LEAD_IMPORT_MESSAGES.noFile).max(LEAD_IMPORT_MAX_CHARS, LEAD_IMPORT_MESSAGES.tooLarge),
});
export const ZLeadImportQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });

export const ZLeadImportResult = z.object({
  /** Leads (data rows) in the file. */
  rows: z.number().int(),
  /** Every row that cannot be imported: its row number in the file (the header is row 1) and why. */
  problems: z.array(z.object({ row: z.number().int(), name: zString(), reasons: z.array(zString()) })),
  /** Header names the import does not read. */
  ignoredColumns: z.array(zString()),
  /** Leads saved: 0 on a dry run. */
  imported: z.number().int(),
});
export type TLeadImportResult = z.infer<typeof ZLeadImportResult>;

/**
 * Organic search revenue per search keyword (issue 35): leads from organic search created in the
 * window, and those closed as converted in it with their job value. `keyword` null is the leads
 * whose search words nobody passed on ("Organic search — keyword not provided").
 */
export const ZKeywordRevenue = z.object({
  keyword: zString().nullable(),
  leads: z.number().int(),
  converted: z.number().int(),
  revenue: z.number(),
});
export type TKeywordRevenue = z.infer<typeof ZKeywordRevenue>;
export const ZKeywordRevenueList = z.object({ days: z.number().int(), keywords: z.array(ZKeywordRevenue) });
export type TKeywordRevenueList = z.infer<typeof ZKeywordRevenueList>;
