import { z } from 'zod';
import { zString } from './string.ts';

/** The client's product analytics events. */
export const ANALYTICS_EVENTS = [
  'settings_page_view',
  'wordpress_configured',
  'lead_added',
  'lead_qualified',
  'report_generated',
] as const;
export type TAnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const ZTrackEventRequest = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: 'Unknown event' }),
  /** Small flat facts about the event; no personal data. */
  properties: z
    .record(zString().max(40), z.union([zString().max(200), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'At most 20 properties')
    .default({}),
});
