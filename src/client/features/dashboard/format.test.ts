import { describe, expect, it } from 'vitest';
import { dueLabel, leadsChange, relativeTime } from './format';

const now = new Date(2026, 2, 10, 12, 0);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('dashboard formatting', () => {
  it('shows minutes under an hour, hours under a day, then days', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(49 * 3_600_000), now)).toBe('2 days ago');
  });

  it('labels due dates', () => {
    const tz = 'America/Chicago';
    const at = (iso: string) => new Date(iso).toISOString();
    const noon = new Date('2026-03-10T17:00:00Z'); // 12:00 in Chicago
    expect(dueLabel(null, noon, tz)).toBe('No due date');
    expect(dueLabel(at('2026-03-10T22:00:00Z'), noon, tz)).toBe('Due today · 5:00 PM');
    expect(dueLabel(at('2026-03-11T14:00:00Z'), noon, tz)).toBe('Due tomorrow');
    expect(dueLabel(at('2026-03-16T14:00:00Z'), noon, tz)).toBe('Due Mon, Mar 16');
    expect(dueLabel(at('2026-03-08T15:00:00Z'), noon, tz)).toBe('Overdue · Sun, Mar 8');
    expect(dueLabel(at('2026-03-10T14:00:00Z'), noon, tz)).toBe('Overdue · today');
    // 11 pm in Chicago is already tomorrow in UTC; the business's calendar decides.
    expect(dueLabel(at('2026-03-11T04:00:00Z'), noon, tz)).toBe('Due today · 11:00 PM');
  });

  it('compares leads with last month', () => {
    expect(leadsChange(12, 8)).toEqual({ text: '+4 from last month (+50%)', trend: 'up' });
    expect(leadsChange(3, 6)).toEqual({ text: '-3 from last month (-50%)', trend: 'down' });
    expect(leadsChange(5, 0)).toEqual({ text: '+5 from last month', trend: 'up' });
    expect(leadsChange(0, 0)).toEqual({ text: 'Same as last month', trend: 'flat' });
  });
});
