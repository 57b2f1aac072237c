import { SETTINGS_MESSAGES, type TSecretState, type TSocialPlatform } from '#shared/schemas/settings.ts';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '#shared/settings-defaults.ts';
import { FieldError } from '#server/errors.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { ConfigRow, ConfigValues } from './settings.repo.ts';

/**
 * Which client_configurations column holds which API field, per section. One table drives
 * reading (masking), saving (sealing, keeping empty secrets) and clearing, so a field can't be
 * masked in one place and forgotten in another.
 */
type Column = keyof ConfigValues & keyof ConfigRow;
interface FieldMap {
  text: Record<string, Column>;
  secret: Record<string, Column>;
}

export const FIELDS = {
  wordpress: {
    text: { siteUrl: 'wordpressUrl', username: 'wordpressUsername' },
    secret: { appPassword: 'wordpressAppPassword' },
  },
  analytics: {
    text: {
      measurementId: 'ga4MeasurementId',
      propertyId: 'ga4PropertyId',
      searchConsoleSiteUrl: 'searchConsoleSiteUrl',
    },
    secret: { apiSecret: 'ga4ApiSecret' },
  },
  business: {
    text: {
      businessName: 'businessName',
      businessAddress: 'businessAddress',
      businessPhone: 'businessPhone',
      businessEmail: 'businessEmail',
      businessWebsite: 'businessWebsite',
      businessDefaultSearch: 'defaultSearch',
      industry: 'industry',
      timezone: 'timezone',
      currency: 'currency',
    },
    secret: {},
  },
  sms: {
    text: { accountSid: 'twilioAccountSid', phoneNumber: 'twilioPhoneNumber' },
    secret: { authToken: 'twilioAuthToken' },
  },
  registrar: {
    text: { environment: 'registrarEnvironment' },
    secret: { apiKey: 'registrarApiKey', apiSecret: 'registrarApiSecret' },
  },
  facebook: {
    text: { appId: 'facebookAppId', pageId: 'facebookPageId' },
    secret: { appSecret: 'facebookAppSecret', accessToken: 'facebookAccessToken' },
  },
  twitter: {
    text: { apiKey: 'twitterApiKey' },
    secret: {
      apiSecret: 'twitterApiSecret',
      accessToken: 'twitterAccessToken',
      accessTokenSecret: 'twitterAccessTokenSecret',
    },
  },
  instagram: {
    text: { businessAccountId: 'instagramBusinessAccountId' },
    secret: { accessToken: 'instagramAccessToken' },
  },
  linkedin: {
    text: { clientId: 'linkedinClientId', organizationId: 'linkedinOrganizationId' },
    secret: { clientSecret: 'linkedinClientSecret', accessToken: 'linkedinAccessToken' },
  },
  places: { text: {}, secret: { apiKey: 'googlePlacesApiKey' } },
  turnstile: { text: { siteKey: 'turnstileSiteKey' }, secret: { secretKey: 'turnstileSecretKey' } },
} as const satisfies Record<string, FieldMap>;

export type FieldGroup = keyof typeof FIELDS;

/**
 * Secrets bound to an endpoint. A stored secret is kept on save (its field left empty) only while
 * these fields still name the same endpoint — compared after `same` (a URL by its origin) —
 * otherwise the save is refused and the secret must be typed again. So nobody who may edit
 * settings can point a saved password at their own server. Every credential tied to an address
 * or an account is listed here; a new one only needs a line.
 */
const origin = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
};
const exact = (value: string) => value;
interface Binding {
  fields: Record<string, (value: string) => string>;
  message: string;
}
export const BINDINGS: Partial<Record<FieldGroup, Binding>> = {
  wordpress: {
    fields: { siteUrl: origin, username: exact },
    message: SETTINGS_MESSAGES.wordpressSecretAgain.message,
  },
  sms: { fields: { accountSid: exact }, message: SETTINGS_MESSAGES.smsSecretAgain.message },
  turnstile: { fields: { siteKey: exact }, message: SETTINGS_MESSAGES.turnstileSecretAgain.message },
  registrar: {
    fields: { environment: (v) => (v === 'production' ? 'production' : 'sandbox') },
    message: SETTINGS_MESSAGES.registrarSecretAgain.message,
  },
};

/** The endpoint a group's secrets are bound to, from API field values ('' when none is bound). */
export function endpointOf(group: FieldGroup, values: Record<string, unknown>): string {
  const binding = BINDINGS[group];
  if (!binding) return '';
  return JSON.stringify(
    Object.entries(binding.fields).map(([field, same]) => same(typeof values[field] === 'string' ? values[field] : '')),
  );
}

/** The API field values of a stored row's group (text fields only). */
function storedText(group: FieldGroup, row: ConfigRow | undefined): Record<string, string> {
  const map: FieldMap = FIELDS[group];
  return Object.fromEntries(
    Object.entries(map.text).map(([field, column]) => [field, (row?.[column] as string | null | undefined) ?? '']),
  );
}

/** Refuses a save that would keep a stored secret for another endpoint (see BINDINGS). */
export function checkBoundSecrets(group: FieldGroup, row: ConfigRow | undefined, input: Record<string, unknown>): void {
  const binding = BINDINGS[group];
  if (!binding || !row) return;
  if (endpointOf(group, storedText(group, row)) === endpointOf(group, input)) return;
  const map: FieldMap = FIELDS[group];
  const kept = Object.entries(map.secret).find(([field, column]) => row[column] && !input[field]);
  if (kept) throw new FieldError(kept[0], binding.message);
}
export const SOCIAL_GROUPS: readonly TSocialPlatform[] = ['facebook', 'twitter', 'instagram', 'linkedin'];

/** Columns that are NOT NULL with a default: clearing puts the default back. */
const COLUMN_DEFAULTS: Partial<Record<Column, string>> = {
  timezone: DEFAULT_TIMEZONE,
  currency: DEFAULT_CURRENCY,
};

const MASK = '••••••••';
/** Short secrets show no characters at all; long ones their last four, never more. */
export function maskHint(plain: string): string {
  return plain.length >= 16 ? `${MASK}${plain.slice(-4)}` : MASK;
}

/**
 * The associated data a secret is sealed with: its tenant, its column and, for a bound group,
 * the endpoint (see BINDINGS). A ciphertext copied to another tenant or column, or a stored
 * secret whose endpoint was changed by any path, does not open.
 */
export function secretContext(tenantId: string, column: Column, endpoint: string): string {
  return `fieldwise-secret|tenant:${tenantId}|column:${column}|endpoint:${endpoint}`;
}

/**
 * A stored secret in plain text, or null when none is stored or it can't be opened (another
 * server key, or sealed for another tenant, column or endpoint).
 */
export function reveal(box: SecretBox, group: FieldGroup, field: string, row: ConfigRow | undefined): string | null {
  const column = (FIELDS[group].secret as Record<string, Column>)[field];
  const sealed = column ? (row?.[column] as string | null | undefined) : undefined;
  if (!row || !column || !sealed) return null;
  try {
    return box.open(sealed, secretContext(row.tenantId, column, endpointOf(group, storedText(group, row))));
  } catch {
    return null;
  }
}

/**
 * The API view of one group: text values ('' when unset) and secret states. `hints` (the last
 * characters of long secrets) are for those who may change the settings; others see only isSet.
 */
export function view<G extends FieldGroup>(
  group: G,
  row: ConfigRow | undefined,
  box: SecretBox,
  opts: { hints: boolean },
): Record<keyof (typeof FIELDS)[G]['text'], string> & Record<keyof (typeof FIELDS)[G]['secret'], TSecretState> {
  const map: FieldMap = FIELDS[group];
  const out: Record<string, string | TSecretState> = {};
  for (const [field, column] of Object.entries(map.text))
    out[field] = (row?.[column] as string | null | undefined) ?? COLUMN_DEFAULTS[column] ?? '';
  for (const [field, column] of Object.entries(map.secret)) {
    if (!row?.[column]) out[field] = { isSet: false, hint: null };
    else {
      const plain = opts.hints ? reveal(box, group, field, row) : null;
      out[field] = { isSet: true, hint: plain === null ? null : maskHint(plain) };
    }
  }
  return out as ReturnType<typeof view<G>>;
}

/**
 * Column values for a save: text as given ('' stored as NULL), secrets sealed for this tenant,
 * column and endpoint, empty secrets left out (kept; checkBoundSecrets guards their endpoint).
 */
export function patch(
  group: FieldGroup,
  input: Record<string, unknown>,
  box: SecretBox,
  tenantId: string,
): ConfigValues {
  const map: FieldMap = FIELDS[group];
  const values: Record<string, string | null> = {};
  for (const [field, column] of Object.entries(map.text)) {
    const value = typeof input[field] === 'string' ? input[field] : '';
    values[column] = value || (COLUMN_DEFAULTS[column] ?? null);
  }
  const endpoint = endpointOf(group, input);
  for (const [field, column] of Object.entries(map.secret)) {
    const value = input[field];
    if (typeof value === 'string' && value !== '')
      values[column] = box.seal(value, secretContext(tenantId, column, endpoint));
  }
  return values as ConfigValues;
}

/** Column values that forget a group, secrets included. */
export function cleared(group: FieldGroup): ConfigValues {
  const map: FieldMap = FIELDS[group];
  const values: Record<string, string | null> = {};
  for (const column of [...Object.values(map.text), ...Object.values(map.secret)])
    values[column] = COLUMN_DEFAULTS[column] ?? null;
  return values as ConfigValues;
}
