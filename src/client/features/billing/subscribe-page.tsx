import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { BillingTab } from './billing-tab';

/** /subscribe: where "Start Free Trial" lands after sign-up — the plans with Checkout. */
export default function SubscribePage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Choose your plan</h1>
      <BillingTab isAdmin={hasRole(user?.role, 'admin')} />
    </div>
  );
}
