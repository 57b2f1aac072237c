// The billing area's texts without zod, so the Billing tab and /subscribe load no schema code;
// schemas/billing.ts re-exports them beside the schemas.

export const BILLING_MESSAGES = {
  notConnected:
    'Payments are not connected on this server. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see the README) to take payments; until then the admin picks the plan here.',
  stripeConnected: 'Plans are paid through Stripe. Change or cancel the subscription in the billing portal.',
  noCustomer: 'There is no billing account yet. Start a plan first.',
  stripeDown: 'The payment provider could not be reached. Please try again in a minute.',
  localOnly: 'Plans are paid through Stripe on this server: use Checkout or the billing portal.',
} as const;
