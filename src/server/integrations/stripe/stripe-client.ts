import Stripe from 'stripe';
import type { AppConfig } from '#server/config.ts';

export type StripeConfig = NonNullable<AppConfig['stripe']>;

/**
 * The official SDK pointed at STRIPE_API_BASE_URL (api.stripe.com, or a local fake in tests).
 * One retry: Checkout and the portal are interactive, a long retry loop helps nobody.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = new URL(config.apiBaseUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Fieldwise' },
  });
}
