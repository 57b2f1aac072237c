import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';

export type NativeSelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  options: readonly { value: string; label: string }[];
  /** Classes of the box around the select (its width, say). */
  wrapperClassName?: string;
};

/** A native select (the phone's own picker, keyboard support for free) styled like the inputs. */
export function NativeSelect({ options, wrapperClassName = '', ...props }: NativeSelectProps) {
  return (
    <div className={`relative ${wrapperClassName}`}>
      <select
        className="h-10 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600 sm:text-sm"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
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
