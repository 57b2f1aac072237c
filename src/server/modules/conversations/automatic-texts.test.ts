import { describe, expect, it } from 'vitest';
import { quietUntil, withinWindow } from './automatic-texts.ts';

describe('quiet hours', () => {
  const NY = 'America/New_York';
  it('a text due at 11 pm in New York waits until 8 am the next morning there', () => {
    // 2026-11-27 04:00 UTC = 23:00 on the 26th in New York (EST, UTC-5).
    expect(quietUntil(new Date('2026-11-27T04:00:00Z'), NY, '21:00', '08:00')?.toISOString()).toBe(
      '2026-11-27T13:00:00.000Z',
    );
    // 03:00 local: the same morning's 8 am.
    expect(quietUntil(new Date('2026-11-27T08:00:00Z'), NY, '21:00', '08:00')?.toISOString()).toBe(
      '2026-11-27T13:00:00.000Z',
    );
  });

  it('outside them, or with the same start and end (no quiet hours), a text goes now', () => {
    expect(quietUntil(new Date('2026-11-27T17:00:00Z'), NY, '21:00', '08:00')).toBeNull();
    expect(quietUntil(new Date('2026-11-27T04:00:00Z'), NY, '00:00', '00:00')).toBeNull();
    expect(withinWindow('12:30', '12:00', '14:00')).toBe(true);
    expect(withinWindow('14:00', '12:00', '14:00')).toBe(false);
  });

  it('across the spring clock change the wait ends at 8 am wall time', () => {
    // 2026-03-08 02:00 local the clocks go forward: 8 am is then 12:00 UTC (EDT, UTC-4).
    expect(quietUntil(new Date('2026-03-08T06:00:00Z'), NY, '21:00', '08:00')?.toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });
});
