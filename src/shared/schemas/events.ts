import { z } from 'zod';

/** The client's product analytics events (spec-1 §7, spec-2 §7). */
export const ANALYTICS_EVENTS = ['settings_page_view', 'wordpress_configured', 'lead_added', 'lead_qualified', 'report_generated'] as const;
export type TAnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const ZTrackEventRequest = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: 'Unknown event' }),
  /** Small flat facts about the event; no personal data. */
  properties: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'At most 20 properties')
    .default({}),
});
export type TTrackEventRequest = z.input<typeof ZTrackEventRequest>;
