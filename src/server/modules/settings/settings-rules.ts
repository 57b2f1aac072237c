import { z } from 'zod';
import {
  E164_PATTERN,
  GA4_PATTERN,
  PLACES_KEY_PATTERN,
  SETTINGS_MESSAGES,
  type ZAnalyticsInput,
  type ZBusinessInput,
  type ZPlacesInput,
  type ZRegistrarInput,
  type ZSmsInput,
  type ZTurnstileInput,
  TURNSTILE_KEY_PATTERN,
  type ZWhiteLabelInput,
  type ZWordpressInput,
} from '#shared/schemas/settings.ts';
import { trimTrailing } from '#shared/strings.ts';
import { FieldError } from '#server/errors.ts';

/**
 * The save rules of the spec and the spec, with their texts. Each takes the parsed body and
 * whether a secret is already stored (an empty secret keeps it), and answers the values to store.
 */
type In<T extends z.ZodType> = z.output<T>;

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const isEmail = (v: string) => z.email().safeParse(v).success;

/** A web address a person typed: http(s) only, no user:password@, and no trailing slash, query or hash. */
export function webAddress(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    return null;
  return `${url.origin}${trimTrailing(url.pathname, '/')}`;
}

function missing(fields: Record<string, boolean>, message: string): void {
  const first = Object.entries(fields).find(([, present]) => !present);
  if (first) throw new FieldError(first[0], message);
}

export function wordpressRule(
  input: In<typeof ZWordpressInput>,
  stored: { appPassword: boolean },
): In<typeof ZWordpressInput> {
  missing(
    { siteUrl: !!input.siteUrl, username: !!input.username, appPassword: !!input.appPassword || stored.appPassword },
    SETTINGS_MESSAGES.wordpressMissing.message,
  );
  const siteUrl = webAddress(input.siteUrl);
  if (!siteUrl) throw new FieldError('siteUrl', SETTINGS_MESSAGES.wordpressUrl.message);
  return { ...input, siteUrl };
}

export function analyticsRule(input: In<typeof ZAnalyticsInput>): In<typeof ZAnalyticsInput> {
  if (!input.measurementId) throw new FieldError('measurementId', SETTINGS_MESSAGES.ga4Missing.message);
  if (!GA4_PATTERN.test(input.measurementId))
    throw new FieldError('measurementId', SETTINGS_MESSAGES.ga4Format.message);
  return { ...input, measurementId: input.measurementId.toUpperCase() };
}

export function businessRule(input: In<typeof ZBusinessInput>): In<typeof ZBusinessInput> {
  if (input.businessEmail && !isEmail(input.businessEmail))
    throw new FieldError('businessEmail', SETTINGS_MESSAGES.email.message);
  if (input.businessWebsite && !webAddress(input.businessWebsite))
    throw new FieldError('businessWebsite', SETTINGS_MESSAGES.wordpressUrl.message);
  return input;
}

export function smsRule(input: In<typeof ZSmsInput>, stored: { authToken: boolean }): In<typeof ZSmsInput> {
  // People paste numbers as "+1 (555) 123-4567"; E.164 is the same digits without the punctuation.
  const phoneNumber = input.phoneNumber.replace(/[\s().-]/g, '');
  missing(
    { accountSid: !!input.accountSid, authToken: !!input.authToken || stored.authToken, phoneNumber: !!phoneNumber },
    SETTINGS_MESSAGES.smsMissing.message,
  );
  if (!ACCOUNT_SID.test(input.accountSid)) throw new FieldError('accountSid', SETTINGS_MESSAGES.smsSid.message);
  if (!E164_PATTERN.test(phoneNumber)) throw new FieldError('phoneNumber', SETTINGS_MESSAGES.smsPhone.message);
  return { ...input, phoneNumber };
}

export function whiteLabelRule(input: In<typeof ZWhiteLabelInput>): In<typeof ZWhiteLabelInput> {
  const clientDomain = input.clientDomain.toLowerCase();
  if (clientDomain && !DOMAIN.test(clientDomain))
    throw new FieldError('clientDomain', SETTINGS_MESSAGES.domain.message);
  // The logo is shown as an image on every signed-in page: http(s) only, kept as typed (CDNs use query strings).
  if (input.logoUrl && !webAddress(input.logoUrl)) throw new FieldError('logoUrl', SETTINGS_MESSAGES.logoUrl.message);
  if (input.contactEmail && !isEmail(input.contactEmail))
    throw new FieldError('contactEmail', SETTINGS_MESSAGES.email.message);
  return {
    ...input,
    clientDomain,
    primaryColor: input.primaryColor.toLowerCase(),
    secondaryColor: input.secondaryColor.toLowerCase(),
  };
}

export function registrarRule(
  input: In<typeof ZRegistrarInput>,
  stored: { apiKey: boolean; apiSecret: boolean },
): In<typeof ZRegistrarInput> {
  missing(
    { apiKey: !!input.apiKey || stored.apiKey, apiSecret: !!input.apiSecret || stored.apiSecret },
    SETTINGS_MESSAGES.registrarMissing.message,
  );
  return input;
}

/** The business's own Places key: required unless one is stored; a typed key must look like a Google API key. */
export function placesRule(input: In<typeof ZPlacesInput>, stored: { apiKey: boolean }): In<typeof ZPlacesInput> {
  missing({ apiKey: !!input.apiKey || stored.apiKey }, SETTINGS_MESSAGES.placesMissing.message);
  if (input.apiKey && !PLACES_KEY_PATTERN.test(input.apiKey))
    throw new FieldError('apiKey', SETTINGS_MESSAGES.placesFormat.message);
  return input;
}

export function turnstileRule(
  input: In<typeof ZTurnstileInput>,
  stored: { secretKey: boolean },
): In<typeof ZTurnstileInput> {
  missing(
    { siteKey: !!input.siteKey, secretKey: !!input.secretKey || stored.secretKey },
    SETTINGS_MESSAGES.turnstileMissing.message,
  );
  for (const field of ['siteKey', 'secretKey'] as const)
    if (input[field] && !TURNSTILE_KEY_PATTERN.test(input[field]))
      throw new FieldError(field, SETTINGS_MESSAGES.turnstileFormat.message);
  return input;
}
