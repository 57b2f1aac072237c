import {
  SETTINGS_MESSAGES,
  type TBranding,
  type TConnectionTestResult,
  type TSettings,
  type TSettingsSection,
  type TTestableSection,
  type ZAnalyticsInput,
  type ZBusinessInput,
  type ZPlacesInput,
  type ZRegistrarInput,
  type ZSmsInput,
  type ZSocialInput,
  type ZTurnstileInput,
  type ZWhiteLabelInput,
  type ZWordpressInput,
} from '#shared/schemas/settings.ts';
import type { z } from 'zod';
import { DEFAULT_BRAND_COLOURS, DEFAULT_TIMEZONE, isTimezone } from '#shared/settings-defaults.ts';
import type { AppServices } from '#server/services.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, FieldError } from '#server/errors.ts';
import { testGodaddyConnection, type GodaddyCredentials } from '#server/integrations/godaddy/godaddy-client.ts';
import { testTwilioConnection } from '#server/integrations/twilio/twilio-client.ts';
import { testWordpressConnection } from '#server/integrations/wordpress/wordpress-client.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound, type Outbound } from '#server/security/ssrf-guard.ts';
import { syncPastedConnection } from '#server/modules/connections/connections.service.ts';
import * as repo from './settings.repo.ts';
import {
  checkBoundSecrets,
  cleared,
  type FieldGroup,
  patch,
  reveal,
  SOCIAL_GROUPS,
  view,
} from './settings-sections.ts';
import * as rules from './settings-rules.ts';
import { brandingOf } from './branding.service.ts';

export interface SettingsDeps {
  db: Db;
  box: SecretBox;
  /** Every call to an address from the settings goes through the SSRF guard. */
  outbound: Outbound;
  twilioBaseUrl: string;
  godaddyBaseUrl: Record<GodaddyCredentials['environment'], string>;
  /** The app's public address (Twilio's inbound webhook is shown under it). */
  appUrl: string;
}

export function settingsDeps({ database, secretBox, config }: AppServices): SettingsDeps {
  return {
    db: database.db,
    box: secretBox,
    outbound: createOutbound({ allow: config.outboundAllow }),
    twilioBaseUrl: config.twilioBaseUrl,
    godaddyBaseUrl: config.godaddyBaseUrl,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return config.appUrl;
    },
  };
}

/** The route Twilio posts inbound texts to (conversations/twilio-webhooks.routes.ts), under /api. */
export const SMS_INBOUND_PATH = '/api/webhooks/twilio/sms';
export const VOICE_INBOUND_PATH = '/api/webhooks/twilio/voice';

const BUSINESS_FIELDS = [
  'businessName',
  'businessAddress',
  'businessPhone',
  'businessEmail',
  'businessWebsite',
  'businessDefaultSearch',
  'industry',
] as const;
/** Connection tests call the provider with the tenant's keys: declared on the route. */
export const CONNECTION_TESTS = {
  name: 'settings-test',
  perTenant: { limit: 30, windowMs: 10 * 60_000 },
  // One person may use half of the business's tests, so nobody can use them all up.
  perUser: { limit: 15, windowMs: 10 * 60_000 },
} as const satisfies RouteRateLimit;
const UNREADABLE =
  "The stored credentials can't be read with this server's key (was APP_SECRET changed?). Please enter them again and save.";

export async function getSettings(deps: SettingsDeps, auth: AuthContext): Promise<TSettings> {
  const [row, client] = await Promise.all([
    repo.findConfiguration(deps.db, auth.tenantId),
    repo.findClient(deps.db, auth.tenantId),
  ]);
  const { box } = deps;
  // Secret hints are for those who may change the settings (managers and admins).
  const opts = { hints: auth.role !== 'user' };
  const wordpress = view('wordpress', row, box, opts);
  const analytics = view('analytics', row, box, opts);
  const business = view('business', row, box, opts);
  const sms = view('sms', row, box, opts);
  const registrar = view('registrar', row, box, opts);
  const places = view('places', row, box, opts);
  const turnstile = view('turnstile', row, box, opts);
  const social = Object.fromEntries(
    SOCIAL_GROUPS.map((platform) => {
      const fields = view(platform, row, box, opts);
      // A platform counts as configured when its access token is set.
      return [platform, { ...fields, isConfigured: fields.accessToken.isSet }];
    }),
  ) as TSettings['social'];
  return {
    wordpress: {
      ...wordpress,
      isConfigured: !!wordpress.siteUrl && !!wordpress.username && wordpress.appPassword.isSet,
    },
    analytics: { ...analytics, isConfigured: !!analytics.measurementId },
    business: {
      ...business,
      // Unsaved, the name is the one the business registered with, which the app already uses.
      businessName: business.businessName || auth.tenantName,
      isConfigured: BUSINESS_FIELDS.some((f) => business[f] !== ''),
    },
    sms: {
      ...sms,
      inboundWebhookUrl: `${deps.appUrl.replace(/\/+$/, '')}${SMS_INBOUND_PATH}`,
      voiceWebhookUrl: `${deps.appUrl.replace(/\/+$/, '')}${VOICE_INBOUND_PATH}`,
      isConfigured: !!sms.accountSid && !!sms.phoneNumber && sms.authToken.isSet,
    },
    social,
    whiteLabel: {
      clientName: client?.name ?? '',
      clientDomain: client?.domain ?? '',
      logoUrl: client?.logo ?? '',
      primaryColor: client?.primaryColor ?? DEFAULT_BRAND_COLOURS.primaryColor,
      secondaryColor: client?.secondaryColor ?? DEFAULT_BRAND_COLOURS.secondaryColor,
      contactEmail: client?.contactEmail ?? '',
      contactPhone: client?.contactPhone ?? '',
      isWhiteLabel: client?.isActive ?? false,
      isConfigured: client !== undefined,
    },
    registrar: {
      apiKey: registrar.apiKey,
      apiSecret: registrar.apiSecret,
      environment: registrar.environment === 'production' ? 'production' : 'sandbox',
      isConfigured: registrar.apiKey.isSet && registrar.apiSecret.isSet,
    },
    places: { apiKey: places.apiKey, isConfigured: places.apiKey.isSet },
    turnstile: { ...turnstile, isConfigured: !!turnstile.siteKey && turnstile.secretKey.isSet },
  };
}

type Out<T extends z.ZodType> = z.output<T>;
interface SectionInputs {
  wordpress: Out<typeof ZWordpressInput>;
  analytics: Out<typeof ZAnalyticsInput>;
  business: Out<typeof ZBusinessInput>;
  sms: Out<typeof ZSmsInput>;
  social: Out<typeof ZSocialInput>;
  'white-label': Out<typeof ZWhiteLabelInput>;
  registrar: Out<typeof ZRegistrarInput>;
  places: Out<typeof ZPlacesInput>;
  turnstile: Out<typeof ZTurnstileInput>;
}
type Saver<S extends TSettingsSection> = (
  deps: SettingsDeps,
  auth: AuthContext,
  input: SectionInputs[S],
) => Promise<void>;

const saveConfig = (deps: SettingsDeps, auth: AuthContext, values: repo.ConfigValues) =>
  repo.upsertConfiguration(deps.db, auth.tenantId, auth.userId, values);
const stored = async (deps: SettingsDeps, auth: AuthContext) => repo.findConfiguration(deps.db, auth.tenantId);
/** Saves a group whose secrets are bound to an endpoint: a kept secret must still match it. */
const saveBound = (
  deps: SettingsDeps,
  auth: AuthContext,
  group: FieldGroup,
  row: repo.ConfigRow | undefined,
  values: Record<string, unknown>,
) => {
  checkBoundSecrets(group, row, values);
  return saveConfig(deps, auth, patch(group, values, deps.box, auth.tenantId));
};

const SAVERS: { [S in TSettingsSection]: Saver<S> } = {
  wordpress: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    await saveBound(
      deps,
      auth,
      'wordpress',
      row,
      rules.wordpressRule(input, { appPassword: !!row?.wordpressAppPassword }),
    );
  },
  analytics: (deps, auth, input) =>
    saveConfig(deps, auth, patch('analytics', rules.analyticsRule(input), deps.box, auth.tenantId)),
  business: async (deps, auth, input) => {
    const values = rules.businessRule(input);
    // Empty keeps the default zone; anything else must be one PostgreSQL knows.
    const timezone = values.timezone && (await repo.findTimezoneName(deps.db, values.timezone));
    if (timezone === undefined) throw new FieldError('timezone', SETTINGS_MESSAGES.timezone.message);
    await saveConfig(deps, auth, patch('business', { ...values, timezone }, deps.box, auth.tenantId));
  },
  sms: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    await saveBound(deps, auth, 'sms', row, rules.smsRule(input, { authToken: !!row?.twilioAuthToken }));
  },
  social: async (deps, auth, input) => {
    // Only the platforms in the body change; the others keep what they had.
    const values = SOCIAL_GROUPS.flatMap((p) => (input[p] ? [patch(p, input[p], deps.box, auth.tenantId)] : []));
    if (values.length > 0) await saveConfig(deps, auth, Object.assign({}, ...values));
    await syncPastedConnections(deps, auth.tenantId);
  },
  'white-label': async (deps, auth, input) => {
    const brand = rules.whiteLabelRule(input);
    await repo.upsertClient(deps.db, auth.tenantId, {
      name: brand.clientName,
      domain: brand.clientDomain || null,
      logo: brand.logoUrl || null,
      primaryColor: brand.primaryColor,
      secondaryColor: brand.secondaryColor,
      contactEmail: brand.contactEmail || null,
      contactPhone: brand.contactPhone || null,
      isActive: brand.isWhiteLabel,
    });
  },
  registrar: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    const values = rules.registrarRule(input, { apiKey: !!row?.registrarApiKey, apiSecret: !!row?.registrarApiSecret });
    await saveBound(deps, auth, 'registrar', row, values);
  },
  places: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    const values = rules.placesRule(input, { apiKey: !!row?.googlePlacesApiKey });
    await saveConfig(deps, auth, patch('places', values, deps.box, auth.tenantId));
  },
  turnstile: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    await saveBound(deps, auth, 'turnstile', row, rules.turnstileRule(input, { secretKey: !!row?.turnstileSecretKey }));
  },
};

/** Pasted Facebook and LinkedIn credentials as stored connections (issue 14), the same as an OAuth grant's. */
async function syncPastedConnections(deps: SettingsDeps, tenantId: string): Promise<void> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  await syncPastedConnection(deps.db, deps.box, tenantId, 'meta', {
    token: reveal(deps.box, 'facebook', 'accessToken', row),
    accountId: row?.facebookPageId ?? null,
  });
  await syncPastedConnection(deps.db, deps.box, tenantId, 'linkedin', {
    token: reveal(deps.box, 'linkedin', 'accessToken', row),
    accountId: row?.linkedinOrganizationId ?? null,
  });
}

/** Validates and stores one section (secrets sealed, empty secrets kept); answers every section. */
export async function saveSection<S extends TSettingsSection>(
  deps: SettingsDeps,
  auth: AuthContext,
  section: S,
  input: SectionInputs[S],
): Promise<TSettings> {
  await (SAVERS[section] as Saver<S>)(deps, auth, input);
  return getSettings(deps, auth);
}

/** Forgets one section, secrets included; answers every section. */
export async function clearSection(
  deps: SettingsDeps,
  auth: AuthContext,
  section: TSettingsSection,
): Promise<TSettings> {
  if (section === 'white-label') await repo.deleteClient(deps.db, auth.tenantId);
  else {
    const groups = section === 'social' ? SOCIAL_GROUPS : [section];
    await repo.updateConfiguration(deps.db, auth.tenantId, Object.assign({}, ...groups.map((g) => cleared(g))));
    if (section === 'social') await syncPastedConnections(deps, auth.tenantId);
  }
  return getSettings(deps, auth);
}

export async function getBranding(deps: SettingsDeps, auth: AuthContext): Promise<TBranding> {
  return brandingOf(deps, auth.tenantId);
}

/**
 * The business's time zone from its settings; an unset or unknown zone means the default. Other
 * areas (dashboard months, Felix's dates) read it here rather than from the table.
 */
export async function tenantTimezone(deps: Pick<SettingsDeps, 'db'>, tenantId: string): Promise<string> {
  const tz = await repo.findTimezone(deps.db, tenantId);
  return tz && isTimezone(tz) ? tz : DEFAULT_TIMEZONE;
}

/** The GA4 property the analytics area reads (Settings → Analytics), or null when none is set. */
export async function ga4PropertyId(deps: Pick<SettingsDeps, 'db'>, tenantId: string): Promise<string | null> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  return row?.ga4PropertyId?.trim() || null;
}

/** Saves the GA4 property the analytics area reads (the keywords area's Google card picks it). */
export async function saveGa4PropertyId(deps: Pick<SettingsDeps, 'db'>, tenantId: string, id: string): Promise<void> {
  await repo.saveGa4Property(deps.db, tenantId, id);
}

/** The registrar keys in plain text for a call, or a 400 "Missing Configuration". */
export async function registrarCredentials(deps: SettingsDeps, tenantId: string): Promise<GodaddyCredentials> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  if (!row?.registrarApiKey || !row.registrarApiSecret)
    throw new AppError('bad_request', SETTINGS_MESSAGES.registrarNotConfigured.message);
  const apiKey = reveal(deps.box, 'registrar', 'apiKey', row);
  const apiSecret = reveal(deps.box, 'registrar', 'apiSecret', row);
  if (apiKey === null || apiSecret === null) throw new AppError('bad_request', UNREADABLE);
  return { apiKey, apiSecret, environment: row.registrarEnvironment === 'production' ? 'production' : 'sandbox' };
}

/**
 * The business's own Google Places API key in plain text, or null when none is saved (or it no
 * longer opens with this server's key): the reviews area then uses the operator's key.
 */
export async function tenantPlacesKey(
  deps: Pick<SettingsDeps, 'db' | 'box'>,
  tenantId: string,
): Promise<string | null> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  return reveal(deps.box, 'places', 'apiKey', row);
}

/**
 * The business's Turnstile keys for its lead form, the secret in plain text; null when not both
 * are saved (or the secret no longer opens with this server's key): the form then has no check.
 */
export async function turnstileKeys(
  deps: Pick<SettingsDeps, 'db' | 'box'>,
  tenantId: string,
): Promise<{ siteKey: string; secretKey: string } | null> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  const secretKey = reveal(deps.box, 'turnstile', 'secretKey', row);
  return row?.turnstileSiteKey && secretKey ? { siteKey: row.turnstileSiteKey, secretKey } : null;
}

/** The WordPress site and application password in plain text for publishing, or a 400 "Missing Configuration". */
export async function wordpressCredentials(
  deps: SettingsDeps,
  tenantId: string,
): Promise<{ siteUrl: string; username: string; appPassword: string }> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  if (!row?.wordpressUrl || !row.wordpressUsername || !row.wordpressAppPassword)
    throw new AppError('bad_request', SETTINGS_MESSAGES.wordpressNotConfigured.message);
  const appPassword = reveal(deps.box, 'wordpress', 'appPassword', row);
  if (appPassword === null) throw new AppError('bad_request', UNREADABLE);
  return { siteUrl: row.wordpressUrl, username: row.wordpressUsername, appPassword };
}

/** A real call with the stored credentials, through the SSRF guard, answered in plain English. */
export async function testConnection(
  deps: SettingsDeps,
  auth: AuthContext,
  section: TTestableSection,
): Promise<TConnectionTestResult> {
  if (section === 'registrar') {
    const creds = await registrarCredentials(deps, auth.tenantId);
    return testGodaddyConnection(deps.outbound, deps.godaddyBaseUrl[creds.environment], creds);
  }
  const row = await repo.findConfiguration(deps.db, auth.tenantId);
  if (section === 'wordpress') {
    if (!row?.wordpressUrl || !row.wordpressUsername || !row.wordpressAppPassword)
      throw new AppError('bad_request', SETTINGS_MESSAGES.wordpressNotConfigured.message);
    // Sealed with the site and username it was saved for: it opens for no other endpoint.
    const appPassword = reveal(deps.box, 'wordpress', 'appPassword', row);
    if (appPassword === null) return { ok: false, message: UNREADABLE };
    return testWordpressConnection(deps.outbound, {
      siteUrl: row.wordpressUrl,
      username: row.wordpressUsername,
      appPassword,
    });
  }
  if (!row?.twilioAccountSid || !row.twilioAuthToken)
    throw new AppError('bad_request', SETTINGS_MESSAGES.smsNotConfigured.message);
  const authToken = reveal(deps.box, 'sms', 'authToken', row);
  if (authToken === null) return { ok: false, message: UNREADABLE };
  return testTwilioConnection(deps.outbound, deps.twilioBaseUrl, { accountSid: row.twilioAccountSid, authToken });
}
