import { Check, Minus, X } from 'lucide-react';
import { clsx as cn } from 'clsx';
import { SectionHeading } from './section-heading';

type Mark = 'yes' | 'no' | 'partly';
type Cell = { mark?: Mark; text: string };

const COLUMNS = ['Fieldwise', 'Generic social schedulers', 'Marketing agencies', 'DIY spreadsheets'] as const;

const ROWS: { feature: string; cells: [Cell, Cell, Cell, Cell] }[] = [
  {
    feature: 'Price',
    cells: [
      { text: 'From $49 a month' },
      { text: '$15–$100 a month, posting only' },
      { text: '$1,500+ a month retainer' },
      { text: 'Free — paid for with your evenings' },
    ],
  },
  {
    feature: 'Field-service templates',
    cells: [
      { mark: 'yes', text: 'Built in for every trade' },
      { mark: 'no', text: 'Generic templates' },
      { mark: 'partly', text: 'Depends on the agency' },
      { mark: 'no', text: 'Start from a blank page' },
    ],
  },
  {
    feature: 'Lead scoring',
    cells: [
      { mark: 'yes', text: 'AI scoring that explains itself' },
      { mark: 'no', text: 'Not offered' },
      { mark: 'partly', text: 'Sometimes, as a monthly report' },
      { mark: 'no', text: 'Gut feeling' },
    ],
  },
  {
    feature: 'Review replies',
    cells: [
      { mark: 'yes', text: 'AI-drafted, you approve' },
      { mark: 'no', text: 'Not offered' },
      { mark: 'partly', text: 'Often a paid add-on' },
      { mark: 'no', text: 'When you find the time' },
    ],
  },
  {
    feature: 'Setup time',
    cells: [
      { text: 'Under 5 minutes' },
      { text: 'An afternoon' },
      { text: '2–6 weeks of onboarding' },
      { text: 'Never quite finished' },
    ],
  },
];

const MARK_LABEL: Record<Mark, string> = { yes: 'Yes', no: 'No', partly: 'Partly' };

function MarkIcon({ mark }: { mark: Mark }) {
  const Icon = mark === 'yes' ? Check : mark === 'no' ? X : Minus;
  return (
    <>
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          mark === 'yes' ? 'text-emerald-600' : mark === 'no' ? 'text-slate-400' : 'text-amber-600',
        )}
      />
      <span className="sr-only">{MARK_LABEL[mark]}: </span>
    </>
  );
}

export function Comparison() {
  return (
    <section aria-labelledby="compare-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="compare-title" eyebrow="Compare" title="How Fieldwise stacks up">
          A scheduler posts. An agency bills. A spreadsheet waits for you. Fieldwise does the work, for the price of a
          service call.
        </SectionHeading>
        <div
          className="relative mt-12 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
          role="region"
          aria-label="Comparison table (scrolls sideways on small screens)"
          tabIndex={0}
        >
          <table className="w-full min-w-[860px] border-collapse text-left text-sm">
            <caption className="sr-only">
              Fieldwise compared with generic social schedulers, marketing agencies and DIY spreadsheets
            </caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="sticky left-0 z-10 w-36 bg-white px-5 py-4 font-semibold text-slate-500">
                  <span className="sr-only">Feature</span>
                </th>
                {COLUMNS.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-5 py-4 font-semibold',
                      index === 0 ? 'bg-brand-50 text-brand-800' : 'text-slate-900',
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.feature} className="border-b border-slate-100 last:border-b-0">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-5 py-4 font-semibold text-slate-900 shadow-[1px_0_0_var(--color-slate-100)]"
                  >
                    {row.feature}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td
                      key={COLUMNS[index]}
                      className={cn(
                        'px-5 py-4',
                        index === 0 ? 'bg-brand-50/70 font-medium text-slate-900' : 'text-slate-600',
                      )}
                    >
                      <span className="flex items-start gap-2">
                        {cell.mark ? <MarkIcon mark={cell.mark} /> : null}
                        <span>{cell.text}</span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-center text-xs text-slate-500">
          <span className="md:hidden">Swipe the table sideways to see every option. </span>
          Competitor prices are typical ranges for small businesses, not quotes.
        </p>
      </div>
    </section>
  );
}
