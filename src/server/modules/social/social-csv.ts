import type { TSocialPost } from '#shared/schemas/social.ts';

/**
 * The posts as CSV (RFC 4180: fields quoted when they hold a comma, quote or line break). A
 * cell that a spreadsheet would run as a formula (= + - @ at the start) is prefixed with an
 * apostrophe, so an exported post can't execute anything when opened.
 */
const COLUMNS = ['platform', 'status', 'scheduled_for', 'published_at', 'content', 'hashtags', 'url', 'error'] as const;

export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function postsCsv(posts: TSocialPost[]): string {
  const rows = posts.map((p) =>
    [p.platform, p.status, p.scheduledFor, p.publishedAt, p.content, p.hashtags, p.externalUrl, p.errorMessage]
      .map(csvCell)
      .join(','),
  );
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
