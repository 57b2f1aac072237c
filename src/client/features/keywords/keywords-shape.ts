import { DEMO_KEYWORDS } from '@shared/keywords-demo';
import type { TConnectionState } from '@shared/schemas/connections';
import { KEYWORDS_PAGE_SIZE } from './keywords-api';

/**
 * What the keywords page looked like once loaded: the loading state takes the same room (badge,
 * the "no data" message or the period note, the sub-texts, as many table rows, the pager, the
 * quick wins and ideas), so nothing moves when the answers arrive.
 */
export interface KeywordsShape {
  /** Search Console rows (Live Data) rather than the sample rows (Demo Data). */
  live: boolean;
  /** Rows on the first page of the table. */
  rows: number;
  /** More than one page: the pager shows. */
  paged: boolean;
  quickWins: number;
  recommendations: number;
}

/** Before a sync: the sample rows, no comparison, no insights. */
export const DEMO_SHAPE: KeywordsShape = {
  live: false,
  rows: DEMO_KEYWORDS.length,
  paged: false,
  quickWins: 0,
  recommendations: 0,
};

/** Synced: a full first page, a pager, a few quick wins and the usual 3 article ideas. */
export const LIVE_SHAPE: KeywordsShape = {
  live: true,
  rows: KEYWORDS_PAGE_SIZE,
  paged: true,
  quickWins: 5,
  recommendations: 3,
};

const storageKey = (userId: string) => `fieldwise.keywords.shape.${userId}`;
const count = (v: unknown, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : null;

/** The shape this user's page had last time on this device; null if none or unreadable. */
export function readShape(userId: string | undefined): KeywordsShape | null {
  if (!userId) return null;
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const r = raw as Record<string, unknown>;
    const rows = count(r.rows, KEYWORDS_PAGE_SIZE);
    const quickWins = count(r.quickWins, 20);
    const recommendations = count(r.recommendations, 10);
    if (typeof r.live !== 'boolean' || typeof r.paged !== 'boolean' || rows === null) return null;
    if (quickWins === null || recommendations === null) return null;
    return { live: r.live, rows, paged: r.paged, quickWins, recommendations };
  } catch {
    return null;
  }
}

export function rememberShape(userId: string | undefined, shape: KeywordsShape): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(shape));
  } catch {
    // Private mode or full storage: the next visit guesses from the Google connection instead.
  }
}

/**
 * The most likely shape before the answers arrive: the last one seen here; otherwise synced rows
 * when Google is connected (a problem keeps the last synced rows), else the sample rows.
 */
export function expectedShape(remembered: KeywordsShape | null, google: TConnectionState | undefined): KeywordsShape {
  if (remembered) return remembered;
  return google === 'healthy' || google === 'problem' ? LIVE_SHAPE : DEMO_SHAPE;
}
