import { Droplets, Fan, Hammer, House, SprayCan, Trees, Zap } from 'lucide-react';

const TRADES = [
  { label: 'HVAC', Icon: Fan },
  { label: 'Plumbing', Icon: Droplets },
  { label: 'Electrical', Icon: Zap },
  { label: 'Landscaping', Icon: Trees },
  { label: 'Roofing', Icon: House },
  { label: 'Cleaning', Icon: SprayCan },
  { label: 'Handyman', Icon: Hammer },
] as const;

export function TradesStrip() {
  return (
    <section aria-labelledby="trades-title" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h2 id="trades-title" className="text-center text-sm font-semibold text-slate-600">
          Templates, wording and scoring tuned for the trade you run
        </h2>
        <ul className="mt-5 flex flex-wrap justify-center gap-2 sm:gap-3">
          {TRADES.map(({ label, Icon }) => (
            <li
              key={label}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-3.5 py-1.5 text-sm font-medium text-slate-700"
            >
              <Icon aria-hidden="true" className="size-4 text-brand-700" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
