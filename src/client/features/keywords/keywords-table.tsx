import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import type { TKeywordRow, TKeywordSort as SortKey } from '@shared/schemas/keywords';
import { cn } from '@/lib/utils';
import { DIFFICULTY_HELP, VOLUME_HELP, num, positionClass } from './keyword-format';

function Sparkline({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const max = Math.max(1, ...values);
  const points = values.map((v, i) => `${(i / (values.length - 1)) * 60},${18 - (v / max) * 16}`).join(' ');
  return (
    <svg width="60" height="20" viewBox="0 0 60 20" role="img" aria-label={`Weekly clicks: ${values.join(', ')}`}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function TrendCell({ row }: { row: TKeywordRow }) {
  const Icon = row.trend === 'up' ? ArrowUp : row.trend === 'down' ? ArrowDown : Minus;
  const tone = row.trend === 'up' ? 'text-emerald-700' : row.trend === 'down' ? 'text-red-700' : 'text-slate-500';
  return (
    <span className={cn('flex items-center gap-2', tone)}>
      <Icon className="size-4 shrink-0" aria-label={row.trend === 'other' ? 'steady' : row.trend} />
      <Sparkline values={row.sparkline} />
    </span>
  );
}

// The estimates are explained in plain text under the table (read on phones and by keyboard).
const VOLUME_HELP_ID = 'keyword-volume-help';
const DIFFICULTY_HELP_ID = 'keyword-difficulty-help';

/** `help`: the id of the text that explains the column. */
const columns: { key: SortKey | null; label: string; help?: string }[] = [
  { key: 'keyword', label: 'Keyword' },
  { key: 'position', label: 'Position' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'ctr', label: 'CTR' },
  { key: null, label: 'Search Volume (est.)', help: VOLUME_HELP_ID },
  { key: null, label: 'Difficulty (est.)', help: DIFFICULTY_HELP_ID },
  { key: null, label: 'Trend' },
];

/** A loading row: one bar a cell, as tall as a real row (the 20 px line of the trend cell). */
function PlaceholderRow() {
  return (
    <tr aria-hidden="true" className="border-b border-slate-100 last:border-0">
      {columns.map((c, i) => (
        <td key={c.label} className="px-3 py-2">
          <span className={cn('block h-5 animate-pulse rounded bg-slate-100', i === 0 ? 'w-40' : 'w-12')} />
        </td>
      ))}
    </tr>
  );
}

/**
 * The 8-column table; sorting happens on the server, the header only says which way.
 * `placeholderRows`: while the rows load, as many bars as the rows expected.
 */
export function KeywordsTable({
  rows,
  sort,
  dir,
  onSort,
  placeholderRows = 0,
}: {
  rows: TKeywordRow[];
  sort: string;
  dir: string;
  onSort: (key: SortKey) => void;
  placeholderRows?: number;
}) {
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
              {columns.map((c) => (
                <th
                  key={c.label}
                  scope="col"
                  className="px-3 py-2 font-medium"
                  aria-describedby={c.help}
                  aria-sort={c.key && c.key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.key ? (
                    <button type="button" className="hover:text-slate-900" onClick={() => onSort(c.key!)}>
                      {c.label}
                      {c.key === sort ? (dir === 'asc' ? ' ↑' : ' ↓') : ''}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: placeholderRows }, (_, i) => (
              <PlaceholderRow key={`placeholder-${i}`} />
            ))}
            {rows.map((r) => (
              <tr key={r.keyword} className="border-b border-slate-100 last:border-0">
                <td className="max-w-[220px] truncate px-3 py-2 font-medium text-slate-900" title={r.keyword}>
                  {r.keyword}
                </td>
                <td className="px-3 py-2">
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                      positionClass(r.position),
                    )}
                  >
                    {r.position}
                  </span>
                </td>
                <td className="px-3 py-2 tabular-nums">{num(r.clicks)}</td>
                <td className="px-3 py-2 tabular-nums">{num(r.impressions)}</td>
                <td className="px-3 py-2">
                  <span className="flex items-center gap-2 tabular-nums">
                    {r.ctr}%
                    <span className="h-1.5 w-12 rounded-full bg-slate-100" aria-hidden="true">
                      <span
                        className="block h-1.5 rounded-full bg-brand-600"
                        style={{ width: `${Math.min(100, r.ctr * 4)}%` }}
                      />
                    </span>
                  </span>
                </td>
                <td className="px-3 py-2 tabular-nums">{r.searchVolume === null ? '—' : `~${num(r.searchVolume)}`}</td>
                <td className="px-3 py-2 capitalize">{r.difficulty ?? '—'}</td>
                <td className="px-3 py-2">
                  <TrendCell row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 space-y-1 text-xs text-slate-600">
        <p id={VOLUME_HELP_ID}>
          <strong className="font-medium text-slate-800">Search Volume (est.):</strong> {VOLUME_HELP}
        </p>
        <p id={DIFFICULTY_HELP_ID}>
          <strong className="font-medium text-slate-800">Difficulty (est.):</strong> {DIFFICULTY_HELP}
        </p>
      </div>
    </div>
  );
}
