import type { TSecretState, TSocialPlatform } from '../../../shared/schemas/settings.ts';
import type { SecretBox } from '../../security/secret-box.ts';
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
  wordpress: { text: { siteUrl: 'wordpressUrl', username: 'wordpressUsername' }, secret: { appPassword: 'wordpressAppPassword' } },
  analytics: {
    text: { measurementId: 'ga4MeasurementId', propertyId: 'ga4PropertyId', searchConsoleSiteUrl: 'searchConsoleSiteUrl' },
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
  sms: { text: { accountSid: 'twilioAccountSid', phoneNumber: 'twilioPhoneNumber' }, secret: { authToken: 'twilioAuthToken' } },
  registrar: { text: { environment: 'registrarEnvironment' }, secret: { apiKey: 'registrarApiKey', apiSecret: 'registrarApiSecret' } },
  facebook: { text: { appId: 'facebookAppId', pageId: 'facebookPageId' }, secret: { appSecret: 'facebookAppSecret', accessToken: 'facebookAccessToken' } },
  twitter: {
    text: { apiKey: 'twitterApiKey' },
    secret: { apiSecret: 'twitterApiSecret', accessToken: 'twitterAccessToken', accessTokenSecret: 'twitterAccessTokenSecret' },
  },
  instagram: { text: { businessAccountId: 'instagramBusinessAccountId' }, secret: { accessToken: 'instagramAccessToken' } },
  linkedin: {
    text: { clientId: 'linkedinClientId', organizationId: 'linkedinOrganizationId' },
    secret: { clientSecret: 'linkedinClientSecret', accessToken: 'linkedinAccessToken' },
  },
} as const satisfies Record<string, FieldMap>;

export type FieldGroup = keyof typeof FIELDS;
export const SOCIAL_GROUPS: readonly TSocialPlatform[] = ['facebook', 'twitter', 'instagram', 'linkedin'];

/** Columns that are NOT NULL with a default: clearing puts the default back. */
const COLUMN_DEFAULTS: Partial<Record<Column, string>> = { timezone: 'America/New_York', currency: 'USD' };

const MASK = '••••••••';
/** Short secrets show no characters at all; long ones their last four, never more. */
export function maskHint(plain: string): string {
  return plain.length >= 16 ? `${MASK}${plain.slice(-4)}` : MASK;
}

/** A stored secret in plain text, or null when none is stored or it can't be opened with this server's key. */
export function reveal(box: SecretBox, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

function secretState(box: SecretBox, sealed: string | null | undefined): TSecretState {
  if (!sealed) return { isSet: false, hint: null };
  const plain = reveal(box, sealed);
  return { isSet: true, hint: plain === null ? null : maskHint(plain) };
}

/** The API view of one group: text values ('' when unset) and secret states. */
export function view<G extends FieldGroup>(
  group: G,
  row: ConfigRow | undefined,
  box: SecretBox,
): Record<keyof (typeof FIELDS)[G]['text'], string> & Record<keyof (typeof FIELDS)[G]['secret'], TSecretState> {
  const map: FieldMap = FIELDS[group];
  const out: Record<string, string | TSecretState> = {};
  for (const [field, column] of Object.entries(map.text)) out[field] = (row?.[column] as string | null | undefined) ?? COLUMN_DEFAULTS[column] ?? '';
  for (const [field, column] of Object.entries(map.secret)) out[field] = secretState(box, row?.[column] as string | null | undefined);
  return out as ReturnType<typeof view<G>>;
}

/** Column values for a save: text as given ('' stored as NULL), secrets sealed, empty secrets left out (kept). */
export function patch(group: FieldGroup, input: Record<string, unknown>, box: SecretBox): ConfigValues {
  const map: FieldMap = FIELDS[group];
  const values: Record<string, string | null> = {};
  for (const [field, column] of Object.entries(map.text)) {
    const value = typeof input[field] === 'string' ? input[field] : '';
    values[column] = value || (COLUMN_DEFAULTS[column] ?? null);
  }
  for (const [field, column] of Object.entries(map.secret)) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') values[column] = box.seal(value);
  }
  return values as ConfigValues;
}

/** Column values that forget a group, secrets included. */
export function cleared(group: FieldGroup): ConfigValues {
  const map: FieldMap = FIELDS[group];
  const values: Record<string, string | null> = {};
  for (const column of [...Object.values(map.text), ...Object.values(map.secret)]) values[column] = COLUMN_DEFAULTS[column] ?? null;
  return values as ConfigValues;
}
