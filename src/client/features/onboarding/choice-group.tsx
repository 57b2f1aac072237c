import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { Option } from '@shared/onboarding';
import { cn } from '@/lib/utils';

type Layout = 'compact' | 'quad' | 'trio' | 'wide';

const GRID: Record<Layout, string> = {
  // Short labels (team size, tone): two per row on a phone.
  compact: 'grid-cols-2 sm:grid-cols-3',
  // Four or eight short labels: two per row on a phone, four on a wider screen.
  quad: 'grid-cols-2 sm:grid-cols-4',
  // Three longer labels: stacked until there is room for all three side by side.
  trio: 'grid-cols-1 md:grid-cols-3',
  // Sentence labels (goals, challenges): one per row on a phone.
  wide: 'grid-cols-1 sm:grid-cols-2',
};

// Native inputs, visually replaced by the card: arrow keys, Space and screen readers behave as
// expected, and the label makes the whole card (at least 48 px tall) the tap target.
const CARD =
  'relative flex min-h-12 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 sm:gap-3 sm:px-3.5 text-sm font-medium text-slate-800 transition-colors select-none hover:border-brand-400 hover:bg-brand-50/50 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600';

interface GroupFrameProps {
  legend: string;
  hint?: ReactNode;
  layout: Layout;
  children: ReactNode;
  id: string;
}

function GroupFrame({ legend, hint, layout, children, id }: GroupFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className={cn('mt-3 grid gap-2.5', GRID[layout])}>{children}</div>
    </fieldset>
  );
}

interface RadioCardGroupProps<V extends string> {
  name: string;
  legend: string;
  hint?: ReactNode;
  options: Option<V>[];
  value: V | '';
  onChange: (value: V) => void;
  layout?: Layout;
}

/** A single choice shown as tappable cards (native radio buttons underneath). */
export function RadioCardGroup<V extends string>({
  name,
  legend,
  hint,
  options,
  value,
  onChange,
  layout = 'compact',
}: RadioCardGroupProps<V>) {
  return (
    <GroupFrame legend={legend} hint={hint} layout={layout} id={name}>
      {options.map((option) => (
        <label key={option.value} className={CARD}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-400 bg-white peer-checked:border-brand-600 peer-checked:[&>span]:block"
          >
            <span className="hidden size-2 rounded-full bg-brand-600" />
          </span>
          <span className="min-w-0">{option.label}</span>
        </label>
      ))}
    </GroupFrame>
  );
}

interface CheckboxCardGroupProps<V extends string> {
  name: string;
  legend: string;
  hint?: ReactNode;
  options: Option<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  layout?: Layout;
}

/** Several choices shown as tappable cards (native checkboxes underneath). */
export function CheckboxCardGroup<V extends string>({
  name,
  legend,
  hint,
  options,
  value,
  onChange,
  layout = 'wide',
}: CheckboxCardGroupProps<V>) {
  const selected = new Set(value);
  const toggle = (option: V, checked: boolean) => {
    // Keep the option list's order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : selected.has(v))));
  };
  return (
    <GroupFrame legend={legend} hint={hint} layout={layout} id={name}>
      {options.map((option) => (
        <label key={option.value} className={CARD}>
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={selected.has(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white text-white peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:[&>svg]:block"
          >
            <Check className="hidden size-3" strokeWidth={3} />
          </span>
          <span className="min-w-0">{option.label}</span>
        </label>
      ))}
    </GroupFrame>
  );
}
