// The billing state of a business (plan, subscription, Stripe ids): columns of the business's
// row, which this area owns, read and written for the billing area, which decides what they mean.
export {
  claimCustomerId,
  findTenantBilling,
  findTenantByCustomer,
  updateTenantBilling,
  type SubscriptionState,
  type TenantBilling,
} from './business-billing.repo.ts';
