import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relativeTime', () => {
  it.each([
    [0, 'Less than an hour ago'],
    [59 * MIN, 'Less than an hour ago'],
    [HOUR, '1 hour ago'],
    [HOUR * 2 - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [47 * HOUR, '1 day ago'],
    [48 * HOUR, '2 days ago'],
    [400 * 24 * HOUR, '400 days ago'],
  ])('%i ms after creation reads "%s"', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('reads a timestamp slightly in the future as under an hour', () => {
    expect(relativeTime(ago(-5 * MIN), NOW)).toBe('Less than an hour ago');
  });
});
