const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Time since a lead came in, in the three steps of the spec: under an hour, then whole
 * hours below a day, then whole days. A timestamp slightly in the future (clock skew) reads
 * as under an hour.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (!(elapsed >= HOUR)) return 'Less than an hour ago';
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
