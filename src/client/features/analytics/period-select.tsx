import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

/** A styled native select for the period pickers (the phone's own picker, keyboard support for free). */
export function PeriodSelect({
  options,
  ...props
}: Omit<ComponentProps<'select'>, 'children'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <div className="relative w-40">
      <select
        className="h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm disabled:opacity-50 sm:text-sm"
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
