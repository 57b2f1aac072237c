// Formatting shared by the keyword cards and table.

export const num = (n: number) => n.toLocaleString('en-US');

/** A position's colour: up to 3 green, up to 10 yellow, otherwise red. */
export function positionClass(position: number): string {
  if (position <= 3) return 'bg-emerald-100 text-emerald-800';
  if (position <= 10) return 'bg-amber-100 text-amber-900';
  return 'bg-red-100 text-red-800';
}

/** "+12.5% from last month" for sums and CTR; position: "Improved 0.8 positions" (lower is better). */
export function changeText(kind: 'sum' | 'ctr' | 'position', value: number, previous: number | null): string | null {
  if (previous === null) return null;
  if (kind === 'position') {
    const gain = Math.round((previous - value) * 10) / 10;
    if (gain === 0) return 'No change from last month';
    return gain > 0 ? `Improved ${gain} positions` : `Dropped ${Math.abs(gain)} positions`;
  }
  if (kind === 'ctr') {
    const diff = Math.round((value - previous) * 10) / 10;
    return `${diff >= 0 ? '+' : ''}${diff}% from last month`;
  }
  if (previous === 0) return value > 0 ? 'New this month' : 'No change from last month';
  const pct = Math.round(((value - previous) / previous) * 1000) / 10;
  return `${pct >= 0 ? '+' : ''}${pct}% from last month`;
}

export const VOLUME_HELP =
  'Estimate, not a true search volume: your impressions over the last 28 days scaled to a month, divided by how often a result at your position is seen (page 1: every search, positions 11–20: about 1 in 4, beyond: about 1 in 10).';
export const DIFFICULTY_HELP =
  'Estimate from where your site already ranks: on page 1 (position up to 10) easy, up to 30 medium, beyond hard.';
