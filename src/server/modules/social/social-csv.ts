import { postText, type TSocialPost } from '#shared/schemas/social.ts';
import { csvCell } from '#shared/csv.ts';
import { isoToZoned } from '#shared/zoned-time.ts';

/**
 * The posts as CSV (RFC 4180: fields quoted when they hold a comma, quote or line break), one row
 * per target. Its first columns are the import's (text, platforms, date, time in the business's
 * time zone, image_url), so an exported file can be imported again; what happened to each post
 * follows. Cells are defused against spreadsheet formulas (`csvCell`).
 */
const COLUMNS = ['text', 'platforms', 'date', 'time', 'image_url', 'status', 'published_at', 'url', 'error'] as const;

export function postsCsv(posts: TSocialPost[], timezone: string): string {
  const rows = posts.map((p) => {
    const { date, time } = isoToZoned(p.scheduledFor ?? p.createdAt, timezone);
    return [
      postText(p.content, p.hashtags),
      p.platform,
      date,
      time,
      p.imageUrl,
      p.status,
      p.publishedAt,
      p.externalUrl,
      p.errorMessage,
    ]
      .map(csvCell)
      .join(',');
  });
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
