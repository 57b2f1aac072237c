import { YEARLY_DISCOUNT_LABEL, type BillingCycle } from '@shared/plans';
import { clsx } from 'clsx';

const OPTIONS: readonly { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly / yearly switch: two native radio buttons, so arrow keys and screen readers work as expected. */
export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  return (
    <fieldset className="flex justify-center">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex items-center rounded-full border border-slate-200 bg-slate-100 p-1 shadow-inner">
        {OPTIONS.map((option) => (
          <label key={option.value} className="relative cursor-pointer">
            <input
              type="radio"
              name="billing-cycle"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                'flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 sm:px-5',
                'peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              )}
            >
              {option.label}
              {option.value === 'yearly' ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
                  {YEARLY_DISCOUNT_LABEL}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
