import { describe, expect, it } from 'vitest';
import { inSendWindow, nextSendTime, optKeyword, requestSms, toE164 } from './review-request-rules.ts';

const NY = 'America/New_York';

describe('review request rules', () => {
  it('puts US phone numbers in E.164 and refuses what cannot be a phone', () => {
    expect(toE164('(253) 555-0101')).toBe('+12535550101');
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    expect(toE164('12')).toBeNull();
    expect(toE164('')).toBeNull();
  });

  it('sends inside 9 am – 8 pm in the business time zone and defers to the next window start', () => {
    // 14:00 in New York (EST, UTC-5): inside.
    const afternoon = new Date('2026-01-15T19:00:00Z');
    expect(inSendWindow(afternoon, NY)).toBe(true);
    expect(nextSendTime(afternoon, NY)).toEqual(afternoon);
    // 06:30 in New York: the same day's 9:00.
    expect(nextSendTime(new Date('2026-01-15T11:30:00Z'), NY)).toEqual(new Date('2026-01-15T14:00:00Z'));
    // 20:00 exactly is outside: the next day's 9:00.
    expect(inSendWindow(new Date('2026-01-16T01:00:00Z'), NY)).toBe(false);
    expect(nextSendTime(new Date('2026-01-16T01:00:00Z'), NY)).toEqual(new Date('2026-01-16T14:00:00Z'));
    // 23:30 on the eve of the spring change: 9:00 EDT (UTC-4) next morning.
    expect(nextSendTime(new Date('2026-03-08T04:30:00Z'), NY)).toEqual(new Date('2026-03-08T13:00:00Z'));
    // Another zone: 22:00 in Tokyo → 9:00 Tokyo next day.
    expect(nextSendTime(new Date('2026-01-15T13:00:00Z'), 'Asia/Tokyo')).toEqual(new Date('2026-01-16T00:00:00Z'));
  });

  it('recognises STOP and START keywords only as the whole message', () => {
    expect(optKeyword('Stop')).toBe('stop');
    expect(optKeyword(' unsubscribe. ')).toBe('stop');
    expect(optKeyword('START')).toBe('start');
    expect(optKeyword('please stop by tomorrow')).toBeNull();
  });

  it('the text names the customer and the business and says how to opt out', () => {
    const text = requestSms({
      customerName: 'Maria Lopez',
      businessName: 'Rosa Plumbing',
      url: 'https://x.test/r/abc',
    });
    expect(text).toBe(
      'Hi Maria, thank you for choosing Rosa Plumbing! Would you take a minute to leave us a Google review? https://x.test/r/abc Reply STOP to opt out.',
    );
    expect(text.length).toBeLessThanOrEqual(320);
  });
});
