import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedFormatter, zonedToIso } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads a wall-clock time in the business time zone', () => {
    expect(zonedToIso('2026-01-15', '09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedToIso('2026-07-15', '09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedToIso('2026-07-15', '09:00', 'Asia/Tokyo')).toBe('2026-07-15T00:00:00.000Z');
  });

  it('holds across the spring-forward day', () => {
    expect(zonedToIso('2026-03-08', '09:00', 'America/Chicago')).toBe('2026-03-08T14:00:00.000Z');
    expect(zonedToIso('2026-03-07', '09:00', 'America/Chicago')).toBe('2026-03-07T15:00:00.000Z');
  });

  it('turns an instant back into the wall clock of the zone', () => {
    expect(isoToZoned('2026-01-15T14:00:00.000Z', 'America/New_York')).toEqual({ date: '2026-01-15', time: '09:00' });
    expect(isoToZoned('2026-07-14T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2026-07-15', time: '08:30' });
  });

  it('keeps one formatter per zone and options, and still refuses a zone Intl does not know', () => {
    const day = zonedFormatter('America/Chicago', { weekday: 'short', month: 'short', day: 'numeric' });
    expect(zonedFormatter('America/Chicago', { weekday: 'short', month: 'short', day: 'numeric' })).toBe(day);
    expect(zonedFormatter('Asia/Tokyo', { weekday: 'short', month: 'short', day: 'numeric' })).not.toBe(day);
    expect(day.format(new Date('2026-03-08T05:30:00Z'))).toBe('Sat, Mar 7');
    expect(() => zonedFormatter('Mars/Olympus_Mons', { hour: 'numeric' })).toThrow(RangeError);
    expect(() => zonedFormatter('Mars/Olympus_Mons', { hour: 'numeric' })).toThrow(RangeError);
  });
});
