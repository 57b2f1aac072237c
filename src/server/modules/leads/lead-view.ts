import type { TActivity, TLead, TScoreFactor } from '#shared/schemas/leads.ts';
import { leadSourceOf } from '#shared/schemas/lead-sources.ts';
import { FieldError } from '#server/errors.ts';
import type { ActivityRow, LeadViewRow } from './leads.repo.ts';

// Rows as the API shows them: numbers for numeric columns, ISO strings for times, and the
// opaque keyset cursor of the lead list.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null) => (v === null ? null : Number(v));

function factorsOf(value: unknown): TScoreFactor[] {
  if (!Array.isArray(value)) return [];
  return value.filter((f): f is TScoreFactor => typeof f?.label === 'string' && typeof f?.points === 'number');
}

/** The landing page id of a lead its form sent ('landing:{id}'), else null. */
export const landingPageIdOf = (source: string | null) => (source?.startsWith('landing:') ? source.slice(8) : null);

/** A lead as the API shows it; `pageTitles` names the landing pages (by id) leads came from. */
export function toLead(row: LeadViewRow, pageTitles: ReadonlyMap<string, string>): TLead {
  const source = leadSourceOf(row.source, row.utm);
  const pageId = landingPageIdOf(row.source);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    location: row.location,
    priority: row.priority,
    status: row.status,
    leadScore: row.leadScore,
    urgencyScore: row.urgencyScore,
    conversionProbability: num(row.conversionProbability),
    predictedValue: num(row.predictedValue),
    jobValue: num(row.jobValue),
    source,
    sourcePage: pageId === null ? (row.sourceTitle ?? null) : (pageTitles.get(pageId) ?? null),
    sourceKeyword: source === 'organic_search' ? (row.searchKeyword ?? row.utm?.utm_term ?? null) : null,
    engagementLevel: row.engagementLevel,
    aiRecommendations: row.aiRecommendations,
    scoreFactors: factorsOf(row.scoreFactors),
    scoreModel: row.scoreModel,
    lastContactedAt: iso(row.lastContactedAt),
    nextFollowUpAt: iso(row.nextFollowUpAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toActivity(row: ActivityRow): TActivity {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
  };
}

// The cursor carries created_at as PostgreSQL printed it (microseconds and offset), so the
// next page starts exactly after the last row even when two leads share a millisecond.
const PG_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** A PostgreSQL timestamp text whose date and time exist (no 30 February, no 25:61). */
function isRealTime(at: string): boolean {
  const m = PG_TIME.exec(at);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , offsetHours] = m.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15
  );
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!isRealTime(at) || !isUuid(id)) {
    throw new FieldError('cursor', 'This page of leads is no longer valid. Reload the list to start again.');
  }
  return { at, id };
}
