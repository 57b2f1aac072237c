/**
 * "14:05" today, "Mon 14:05" this week, else "12 Mar": short enough for a list row on a phone. In
 * the device's zone and format, so shown through DeviceTime (after hydration).
 */
export function timeLabel(at: Date, now = new Date()): string {
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  if (now.getTime() - at.getTime() < 6 * 86_400_000)
    return `${at.toLocaleDateString(undefined, { weekday: 'short' })} ${time}`;
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}
