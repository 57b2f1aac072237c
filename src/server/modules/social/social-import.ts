import {
  PLATFORM_DEFS,
  SOCIAL_PLATFORMS,
  lengthProblem,
  type TImportResponse,
  type TSocialPlatform,
} from '#shared/schemas/social.ts';
import { csvRows, undefused } from '#shared/csv.ts';
import { zonedToIso } from '#shared/zoned-time.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError } from '#server/errors.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import * as repo from './social.repo.ts';
import { connectedPlatforms, enqueuePublish, type SocialDeps } from './social.service.ts';

/**
 * Bulk import: a CSV with the columns text, platforms (separated by ; or |), date (YYYY-MM-DD),
 * time (HH:mm, in the business's time zone) and an optional image_url (the export's first
 * columns, so an exported file imports again; other columns are ignored). Every row is checked
 * first; a dry run answers the problems per row, and a real import saves all rows or none.
 */
export const MAX_IMPORT_ROWS = 500;
const NAMES: Record<string, TSocialPlatform> = { x: 'twitter', 'twitter/x': 'twitter' };
for (const p of SOCIAL_PLATFORMS) NAMES[p] = p;

export async function importPosts(
  deps: SocialDeps,
  auth: AuthContext,
  csv: string,
  dryRun: boolean,
): Promise<TImportResponse> {
  const [header, ...lines] = csvRows(csv);
  const cols = (header ?? []).map((h) => h.trim().toLowerCase());
  const at = (name: string) => cols.indexOf(name);
  if (at('text') < 0 || at('platforms') < 0 || at('date') < 0 || at('time') < 0)
    throw new AppError(
      'bad_request',
      'The CSV needs a header row with text, platforms, date and time (image_url is optional).',
    );
  if (lines.length === 0) throw new AppError('bad_request', 'The CSV has no posts under its header row.');
  if (lines.length > MAX_IMPORT_ROWS)
    throw new AppError(
      'bad_request',
      `Import at most ${MAX_IMPORT_ROWS} posts at a time; this file has ${lines.length}.`,
    );
  const [timezone, connected] = await Promise.all([
    tenantTimezone(deps, auth.tenantId),
    connectedPlatforms(deps, auth.tenantId),
  ]);
  const now = Date.now();
  const rows = lines.map((cells, i) => {
    const get = (name: string) => (at(name) >= 0 ? undefused((cells[at(name)] ?? '').trim()) : '');
    const text = get('text');
    const imageUrl = get('image_url');
    const problems: string[] = [];
    const platforms: TSocialPlatform[] = [];
    for (const name of get('platforms')
      .split(/[;|]/)
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)) {
      const platform = NAMES[name];
      if (!platform)
        problems.push(`Unknown platform "${name.slice(0, 40)}" (use facebook, instagram, twitter or linkedin).`);
      else if (!connected.has(platform))
        problems.push(`Please configure ${PLATFORM_DEFS[platform].name} in Settings first.`);
      else if (!platforms.includes(platform)) platforms.push(platform);
    }
    if (!get('platforms')) problems.push('No platform given.');
    for (const p of platforms) {
      const problem = lengthProblem(p, text);
      if (problem) problems.push(problem);
      if (p === 'instagram' && !imageUrl) problems.push('Instagram posts need an image: add an image_url.');
    }
    if (imageUrl && !/^https?:\/\/\S+$/i.test(imageUrl))
      problems.push('image_url must be a web address starting with https://.');
    let scheduledFor: string | null = null;
    const date = get('date');
    const time = get('time');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      problems.push('Date must look like 2026-04-30.');
    else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) problems.push('Time must look like 09:00.');
    else {
      scheduledFor = zonedToIso(date, time, timezone);
      if (Date.parse(scheduledFor) < now) problems.push('This date and time is in the past.');
    }
    return { line: i + 2, text: text.slice(0, 500), platforms, scheduledFor, problems, imageUrl, fullText: text };
  });
  const answer = (imported: number): TImportResponse => ({
    rows: rows.map(({ line, text, platforms, scheduledFor, problems }) => ({
      line,
      text,
      platforms,
      scheduledFor,
      problems,
    })),
    imported,
  });
  const bad = rows.filter((r) => r.problems.length > 0);
  if (dryRun) return answer(0);
  if (bad.length > 0) {
    const first = bad[0]!;
    throw new AppError(
      'bad_request',
      `Nothing was imported: ${bad.length === 1 ? 'row' : `${bad.length} rows have problems, first`} line ${first.line}: ${first.problems[0]}`,
    );
  }
  const saved = await deps.db.transaction(async (tx) => {
    const all: repo.PostRow[] = [];
    for (const r of rows) {
      const groupId = crypto.randomUUID();
      all.push(
        ...(await repo.insertPosts(
          tx,
          auth.tenantId,
          r.platforms.map((platform) => ({
            userId: auth.userId,
            groupId,
            platform,
            content: r.fullText,
            imageUrl: r.imageUrl || null,
            status: 'scheduled',
            scheduledFor: new Date(r.scheduledFor!),
          })),
        )),
      );
    }
    return all;
  });
  for (const row of saved) await enqueuePublish(deps, row).catch(() => undefined); // the minute sweep catches up
  return answer(saved.length);
}
