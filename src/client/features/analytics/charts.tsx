/** Small charts (no chart library): each fits its box at any width and lists its values for screen readers. */

export const DONUT_COLOURS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6'];
const fmt = new Intl.NumberFormat('en-US');

/** A line over the points: the line is SVG stretched to the box, labels are text that keeps its size. */
export function LineChart({ points, label }: { points: { x: string; y: number }[]; label: string }) {
  const max = Math.max(1, ...points.map((p) => p.y));
  const xAt = (i: number) => (points.length > 1 ? (i / (points.length - 1)) * 100 : 50);
  const yAt = (v: number) => 100 - (v / max) * 100;
  return (
    <figure aria-label={label} className="m-0">
      <div className="flex gap-2">
        <div
          className="flex h-56 w-10 shrink-0 flex-col justify-between text-right text-xs text-slate-500"
          aria-hidden="true"
        >
          <span>{fmt.format(max)}</span>
          <span>{fmt.format(Math.round(max / 2))}</span>
          <span>0</span>
        </div>
        <div className="relative h-56 min-w-0 flex-1 border-b border-l border-slate-200">
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 size-full"
            aria-hidden="true"
          >
            <line x1="0" x2="100" y1="50" y2="50" stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
            <polyline
              points={points.map((p, i) => `${xAt(i)},${yAt(p.y)}`).join(' ')}
              fill="none"
              stroke="#3b82f6"
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {points.map((p, i) => (
            <span
              key={p.x}
              aria-hidden="true"
              title={`${p.x}: ${fmt.format(p.y)}`}
              className="absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-600"
              style={{ left: `${xAt(i)}%`, top: `${yAt(p.y)}%` }}
            />
          ))}
        </div>
      </div>
      <div className="ml-12 flex justify-between text-xs text-slate-600" aria-hidden="true">
        {points.map((p) => (
          <span key={p.x}>{p.x}</span>
        ))}
      </div>
      <ul className="sr-only">
        {points.map((p) => (
          <li key={p.x}>{`${p.x}: ${fmt.format(p.y)}`}</li>
        ))}
      </ul>
    </figure>
  );
}

/** Bars as boxes (their labels stay readable at any width); long runs label every bar by its start day. */
export function BarChart({ bars, label }: { bars: { label: string; value: number }[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure aria-label={label} className="m-0">
      <ol className="flex h-48 items-end gap-1 border-b border-slate-200 sm:gap-2">
        {bars.map((b) => (
          <li key={b.label} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            <span className="mb-1 text-[10px] text-slate-900 sm:text-xs">{fmt.format(b.value)}</span>
            <span
              className="w-full max-w-14 rounded-t bg-brand-600"
              style={{ height: `${Math.max(2, (b.value / max) * 80)}%` }}
              title={`${b.label}: ${fmt.format(b.value)} visitors`}
            />
            <span className="sr-only">{`${b.label}: ${fmt.format(b.value)} visitors`}</span>
          </li>
        ))}
      </ol>
      <div className="mt-1 flex gap-1 sm:gap-2" aria-hidden="true">
        {bars.map((b) => (
          <span key={b.label} className="min-w-0 flex-1 truncate text-center text-[10px] text-slate-600 sm:text-xs">
            {b.label.split(' – ')[0]}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** Parts as 'Name (NN%)' strings or numbers; the ring is drawn from the shares. */
export function Donut({ parts, label }: { parts: { name: string; share: number }[]; label: string }) {
  const r = 60;
  const c = 2 * Math.PI * r;
  const total = parts.reduce((a, p) => a + p.share, 0) || 1;
  const lengths = parts.map((p) => (p.share / total) * c);
  const starts = lengths.map((_, i) => lengths.slice(0, i).reduce((a, l) => a + l, 0));
  return (
    <svg viewBox="0 0 160 160" className="size-36 shrink-0" role="img" aria-label={label}>
      <circle r={r} cx="80" cy="80" fill="none" stroke="#f1f5f9" strokeWidth="28" />
      {parts.map((p, i) => {
        const len = lengths[i]!;
        return (
          <circle
            key={p.name}
            r={r}
            cx="80"
            cy="80"
            fill="none"
            stroke={DONUT_COLOURS[i % DONUT_COLOURS.length]}
            strokeWidth="28"
            strokeDasharray={`${len} ${c - len}`}
            strokeDashoffset={-starts[i]!}
            transform="rotate(-90 80 80)"
          />
        );
      })}
    </svg>
  );
}

/** 'google (50%)' → { name: 'google', share: 50 }. */
export function parseSource(text: string): { name: string; share: number } {
  const m = /^(.*) \((\d+(?:\.\d+)?)%\)$/.exec(text);
  return m ? { name: m[1]!, share: Number(m[2]) } : { name: text, share: 0 };
}
