import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { SEND_WINDOW } from '#shared/schemas/review-requests.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';

/**
 * The pure rules of review requests: phone numbers in E.164, the 9 am – 8 pm send window in the
 * business's time zone, the STOP / START keywords, and the text of the message.
 */

/** A phone as Twilio wants it (+15551234567), or null when it can't be a phone number. US numbers may omit +1. */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : null;
}

const hourOf = (at: Date, timeZone: string) => Number(isoToZoned(at.toISOString(), timeZone).time.slice(0, 2));
const pad = (n: number) => String(n).padStart(2, '0');

/** True when `at` falls inside the send window (9:00 to 20:00, the end excluded) in `timeZone`. */
export function inSendWindow(at: Date, timeZone: string): boolean {
  const hour = hourOf(at, timeZone);
  return hour >= SEND_WINDOW.startHour && hour < SEND_WINDOW.endHour;
}

/** `at` when it is inside the send window, else the window's next start (9:00 that day or the next). */
export function nextSendTime(at: Date, timeZone: string): Date {
  if (inSendWindow(at, timeZone)) return at;
  const { date } = isoToZoned(at.toISOString(), timeZone);
  const start = `${pad(SEND_WINDOW.startHour)}:00`;
  const today = new Date(zonedToIso(date, start, timeZone));
  if (today.getTime() > at.getTime()) return today;
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Date(zonedToIso(next, start, timeZone));
}

// Twilio's standard opt-out and opt-in keywords (a message that is exactly one of them).
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export function optKeyword(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || 'there';
}

/** The text message: short (one or two segments), names the business, and says how to opt out. */
export function requestSms(input: { customerName: string; businessName: string; url: string }): string {
  return `Hi ${firstNameOf(input.customerName)}, thank you for choosing ${input.businessName}! Would you take a minute to leave us a Google review? ${input.url} Reply STOP to opt out.`;
}

/** Google's "write a review" page of a place. */
export const writeReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
