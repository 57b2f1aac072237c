import type Stripe from 'stripe';
import type { AppConfig } from '#server/config.ts';
import { listReviewPage } from '#server/integrations/google-business/business-reviews-client.ts';
import { listSites } from '#server/integrations/search-console/search-console-client.ts';
import { listGa4Properties } from '#server/integrations/ga4/ga4-admin-client.ts';
import { facebookPageFollowers, instagramFollowers } from '#server/integrations/meta/meta-insights.ts';
import { xFollowers } from '#server/integrations/x/x-metrics.ts';
import { linkedinFollowers } from '#server/integrations/linkedin/linkedin-stats.ts';
import type { ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { testTwilioConnection } from '#server/integrations/twilio/twilio-client.ts';
import { testWordpressConnection } from '#server/integrations/wordpress/wordpress-client.ts';
import { createGodaddyClient } from '#server/integrations/godaddy/godaddy-client.ts';
import { createStripeClient } from '#server/integrations/stripe/stripe-client.ts';
import type { Outbound } from '#server/security/ssrf-guard.ts';
import { PROVIDER_DEFS } from '#server/modules/connections/connections-providers.ts';
import type { TConnectionTestResult } from '#shared/schemas/settings.ts';
import { SmokeSkip, type SmokeReport } from './smoke-report.ts';
import type { SmokeSources, TokenAccess } from './smoke-sources.ts';

/**
 * The read-only calls of the smoke check, one per thing an owner relies on, each made with the
 * app's own client function for it (the same URL, headers and error handling as in use):
 * Business Profile locations and reviews, Search Console sites, GA4 accounts, the Facebook Page
 * and its Instagram account, the X user, the LinkedIn organization, the Twilio account, the
 * WordPress user, Stripe's account and plan prices, the GoDaddy domains.
 */

export interface SmokeContext {
  config: AppConfig;
  sources: SmokeSources;
  report: SmokeReport;
  /** Provider-http options (tests make its waits instant). */
  http: ProviderHttpOptions;
  /** The SSRF guard the settings' connection tests use. */
  outbound: Outbound;
}

type Call = [name: string, run: (token: string, accountId: string | null) => Promise<unknown>];

const needs = (accountId: string | null, what: string): string => {
  if (!accountId) throw new SmokeSkip(`no ${what} chosen in Settings → Connections`);
  return accountId;
};

/** Each call with a live token; a provider without a connection is one SKIP line. */
async function withTokens(report: SmokeReport, provider: string, access: TokenAccess | undefined, calls: Call[]) {
  if (!access) return report.skip(provider);
  for (const [name, run] of calls)
    await report.call(provider, name, () => access.use((token) => run(token, access.accountId)));
}

/** A settings connection test: its plain-English failure is the FAIL line. */
async function tested(result: Promise<TConnectionTestResult>): Promise<void> {
  const { ok, message } = await result;
  if (!ok) throw new Error(message);
}

const PLANS = ['starter', 'professional', 'enterprise'] as const;
const INTERVALS = ['month', 'year'] as const;

export async function readChecks(ctx: SmokeContext): Promise<void> {
  const { config, sources, report, http, outbound } = ctx;
  const c = config.connections;
  await withTokens(report, 'google', sources.tokens.google, [
    ['business-profile accounts+locations', (token) => PROVIDER_DEFS.google.listAccounts(c, token, http)],
    [
      'business-profile reviews.list',
      (token, location) =>
        listReviewPage(
          { baseUrl: config.reviews.businessBaseUrl, http },
          token,
          needs(location, 'Business Profile location'),
        ),
    ],
    ['search-console sites.list', (token) => listSites({ baseUrl: config.keywords.searchConsoleBaseUrl, http }, token)],
    [
      'ga4 accountSummaries.list',
      (token) => listGa4Properties({ baseUrl: config.analytics.ga4AdminBaseUrl, http }, token),
    ],
  ]);
  await withTokens(report, 'meta', sources.tokens.meta, [
    ['facebook page', (token, page) => facebookPageFollowers(c.meta, token, needs(page, 'Facebook Page'), http)],
    [
      'instagram user',
      async (token, page) => {
        const followers = await instagramFollowers(c.meta, token, needs(page, 'Facebook Page'), http);
        if (followers === null) throw new SmokeSkip('the Facebook Page has no linked Instagram professional account');
      },
    ],
  ]);
  await withTokens(report, 'x', sources.tokens.x, [['users/me', (token) => xFollowers(c.x, token, http)]]);
  await withTokens(report, 'linkedin', sources.tokens.linkedin, [
    ['organization', (token, org) => linkedinFollowers(c.linkedin, token, needs(org, 'LinkedIn organization'), http)],
  ]);

  const { twilio, wordpress, godaddy } = sources;
  if (!twilio) report.skip('twilio');
  else
    await report.call('twilio', 'account fetch', async () =>
      tested(testTwilioConnection(outbound, config.twilioBaseUrl, await twilio())),
    );
  if (!wordpress) report.skip('wordpress');
  else
    await report.call('wordpress', 'users/me', async () =>
      tested(testWordpressConnection(outbound, await wordpress())),
    );
  await stripeChecks(report, config);
  if (!godaddy) report.skip('godaddy');
  else
    await report.call('godaddy', 'domains.list', async () => {
      const creds = await godaddy();
      return createGodaddyClient(outbound, config.godaddyBaseUrl[creds.environment], creds).listDomains();
    });
}

/** The operator's Stripe account (STRIPE_SECRET_KEY) and the plan prices Checkout looks up. */
async function stripeChecks(report: SmokeReport, config: AppConfig): Promise<void> {
  if (!config.stripe) return report.skip('stripe', 'not configured (STRIPE_SECRET_KEY unset)');
  report.secret(config.stripe.secretKey);
  report.secret(config.stripe.webhookSecret);
  const stripe: Stripe = createStripeClient(config.stripe);
  await report.call('stripe', 'account', () => stripe.accounts.retrieve(null));
  // Checkout uses a configured price id, else looks the plan's price up by lookup_key (billing.service).
  const prices = config.stripe.prices;
  const keys = PLANS.flatMap((plan) =>
    INTERVALS.filter((interval) => !prices[plan][interval]).map((interval) => `fieldwise_${plan}_${interval}`),
  );
  await report.call('stripe', 'prices.list', async () => {
    const found = await stripe.prices.list({ active: true, limit: 10, ...(keys.length ? { lookup_keys: keys } : {}) });
    const missing = keys.filter((key) => !found.data.some((price) => price.lookup_key === key));
    if (missing.length) throw new Error(`no active price with lookup_key ${missing.join(', ')}`);
  });
}
