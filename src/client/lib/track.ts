import type { TAnalyticsEvent } from '@shared/schemas/events';
import { apiFetch } from './api';

/** Records a product analytics event; never throws and never blocks the user's action. */
export function trackEvent(
  name: TAnalyticsEvent,
  properties: Record<string, string | number | boolean | null> = {},
): void {
  apiFetch('/api/events', { method: 'POST', body: { name, properties } }).catch((error: unknown) => {
    console.warn(`Analytics event ${name} not recorded`, error);
  });
}
