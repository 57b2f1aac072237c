import {
  SETTINGS_MESSAGES,
  type TBranding,
  type TConnectionTestResult,
  type TSettings,
  type TSettingsSection,
  type TTestableSection,
  type ZAnalyticsInput,
  type ZBusinessInput,
  type ZRegistrarInput,
  type ZSmsInput,
  type ZSocialInput,
  type ZWhiteLabelInput,
  type ZWordpressInput,
} from '../../../shared/schemas/settings.ts';
import type { z } from 'zod';
import type { AppServices } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { testGodaddyConnection, type GodaddyCredentials } from '../../integrations/godaddy/godaddy-client.ts';
import { testTwilioConnection } from '../../integrations/twilio/twilio-client.ts';
import { testWordpressConnection } from '../../integrations/wordpress/wordpress-client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { enforce } from '../../plugins/rate-limit.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { createOutbound, type Outbound } from '../../security/ssrf-guard.ts';
import * as repo from './settings.repo.ts';
import { cleared, patch, reveal, SOCIAL_GROUPS, view } from './settings.sections.ts';
import * as rules from './settings.rules.ts';

export interface SettingsDeps {
  db: Db;
  box: SecretBox;
  /** Every call to an address from the settings goes through the SSRF guard. */
  outbound: Outbound;
  twilioBaseUrl: string;
  godaddyBaseUrl: Record<GodaddyCredentials['environment'], string>;
}

export function settingsDeps({ database, secretBox, config }: AppServices): SettingsDeps {
  return {
    db: database.db,
    box: secretBox,
    outbound: createOutbound({ allow: config.outboundAllow }),
    twilioBaseUrl: config.twilioBaseUrl,
    godaddyBaseUrl: config.godaddyBaseUrl,
  };
}

const DEFAULT_BRAND = { primaryColor: '#3b82f6', secondaryColor: '#f97316' } as const;
const BUSINESS_FIELDS = ['businessName', 'businessAddress', 'businessPhone', 'businessEmail', 'businessWebsite', 'businessDefaultSearch', 'industry'] as const;
const TESTS_PER_TENANT = { limit: 30, windowMs: 10 * 60_000 };
const UNREADABLE = "The stored credentials can't be read with this server's key (was APP_SECRET changed?). Please enter them again and save.";

export async function getSettings(deps: SettingsDeps, auth: AuthContext): Promise<TSettings> {
  const [row, client] = await Promise.all([repo.findConfiguration(deps.db, auth.tenantId), repo.findClient(deps.db, auth.tenantId)]);
  const { box } = deps;
  const wordpress = view('wordpress', row, box);
  const analytics = view('analytics', row, box);
  const business = view('business', row, box);
  const sms = view('sms', row, box);
  const registrar = view('registrar', row, box);
  const social = Object.fromEntries(
    SOCIAL_GROUPS.map((platform) => {
      const fields = view(platform, row, box);
      // Spec-1 §5: a platform counts as configured when its access token is set.
      return [platform, { ...fields, isConfigured: fields.accessToken.isSet }];
    }),
  ) as TSettings['social'];
  return {
    wordpress: { ...wordpress, isConfigured: !!wordpress.siteUrl && !!wordpress.username && wordpress.appPassword.isSet },
    analytics: { ...analytics, isConfigured: !!analytics.measurementId },
    business: { ...business, isConfigured: BUSINESS_FIELDS.some((f) => business[f] !== '') },
    sms: { ...sms, isConfigured: !!sms.accountSid && !!sms.phoneNumber && sms.authToken.isSet },
    social,
    whiteLabel: {
      clientName: client?.name ?? '',
      clientDomain: client?.domain ?? '',
      logoUrl: client?.logo ?? '',
      primaryColor: client?.primaryColor ?? DEFAULT_BRAND.primaryColor,
      secondaryColor: client?.secondaryColor ?? DEFAULT_BRAND.secondaryColor,
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
}
type Saver<S extends TSettingsSection> = (deps: SettingsDeps, auth: AuthContext, input: SectionInputs[S]) => Promise<void>;

const saveConfig = (deps: SettingsDeps, auth: AuthContext, values: repo.ConfigValues) => repo.upsertConfiguration(deps.db, auth.tenantId, auth.userId, values);
const stored = async (deps: SettingsDeps, auth: AuthContext) => repo.findConfiguration(deps.db, auth.tenantId);

const SAVERS: { [S in TSettingsSection]: Saver<S> } = {
  wordpress: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    await saveConfig(deps, auth, patch('wordpress', rules.wordpressRule(input, { appPassword: !!row?.wordpressAppPassword }), deps.box));
  },
  analytics: (deps, auth, input) => saveConfig(deps, auth, patch('analytics', rules.analyticsRule(input), deps.box)),
  business: (deps, auth, input) => saveConfig(deps, auth, patch('business', rules.businessRule(input), deps.box)),
  sms: async (deps, auth, input) => {
    const row = await stored(deps, auth);
    await saveConfig(deps, auth, patch('sms', rules.smsRule(input, { authToken: !!row?.twilioAuthToken }), deps.box));
  },
  social: async (deps, auth, input) => {
    // Only the platforms in the body change; the others keep what they had.
    const values = SOCIAL_GROUPS.flatMap((p) => (input[p] ? [patch(p, input[p], deps.box)] : []));
    if (values.length > 0) await saveConfig(deps, auth, Object.assign({}, ...values));
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
    await saveConfig(deps, auth, patch('registrar', rules.registrarRule(input, { apiKey: !!row?.registrarApiKey, apiSecret: !!row?.registrarApiSecret }), deps.box));
  },
};

/** Validates and stores one section (secrets sealed, empty secrets kept); answers every section. */
export async function saveSection<S extends TSettingsSection>(deps: SettingsDeps, auth: AuthContext, section: S, input: SectionInputs[S]): Promise<TSettings> {
  await (SAVERS[section] as Saver<S>)(deps, auth, input);
  return getSettings(deps, auth);
}

/** Forgets one section, secrets included; answers every section. */
export async function clearSection(deps: SettingsDeps, auth: AuthContext, section: TSettingsSection): Promise<TSettings> {
  if (section === 'white-label') await repo.deleteClient(deps.db, auth.tenantId);
  else {
    const groups = section === 'social' ? SOCIAL_GROUPS : [section];
    await repo.updateConfiguration(deps.db, auth.tenantId, Object.assign({}, ...groups.map((g) => cleared(g))));
  }
  return getSettings(deps, auth);
}

export async function getBranding(deps: SettingsDeps, auth: AuthContext): Promise<TBranding> {
  const client = await repo.findClient(deps.db, auth.tenantId);
  if (!client?.isActive) return { name: null, logoUrl: null, ...DEFAULT_BRAND };
  return { name: client.name || null, logoUrl: client.logo, primaryColor: client.primaryColor, secondaryColor: client.secondaryColor };
}

/** The registrar keys in plain text for a call, or a 400 "Missing Configuration" (spec-2 §5). */
export async function registrarCredentials(deps: SettingsDeps, tenantId: string): Promise<GodaddyCredentials> {
  const row = await repo.findConfiguration(deps.db, tenantId);
  if (!row?.registrarApiKey || !row.registrarApiSecret) throw new AppError('bad_request', SETTINGS_MESSAGES.registrarNotConfigured.message);
  const apiKey = reveal(deps.box, row.registrarApiKey);
  const apiSecret = reveal(deps.box, row.registrarApiSecret);
  if (apiKey === null || apiSecret === null) throw new AppError('bad_request', UNREADABLE);
  return { apiKey, apiSecret, environment: row.registrarEnvironment === 'production' ? 'production' : 'sandbox' };
}

/** A real call with the stored credentials, through the SSRF guard, answered in plain English. */
export async function testConnection(deps: SettingsDeps, auth: AuthContext, section: TTestableSection): Promise<TConnectionTestResult> {
  await enforce(deps.db, `settings-test:tenant:${auth.tenantId}`, TESTS_PER_TENANT);
  if (section === 'registrar') {
    const creds = await registrarCredentials(deps, auth.tenantId);
    return testGodaddyConnection(deps.outbound, deps.godaddyBaseUrl[creds.environment], creds);
  }
  const row = await repo.findConfiguration(deps.db, auth.tenantId);
  if (section === 'wordpress') {
    if (!row?.wordpressUrl || !row.wordpressUsername || !row.wordpressAppPassword) throw new AppError('bad_request', SETTINGS_MESSAGES.wordpressNotConfigured.message);
    const appPassword = reveal(deps.box, row.wordpressAppPassword);
    if (appPassword === null) return { ok: false, message: UNREADABLE };
    return testWordpressConnection(deps.outbound, { siteUrl: row.wordpressUrl, username: row.wordpressUsername, appPassword });
  }
  if (!row?.twilioAccountSid || !row.twilioAuthToken) throw new AppError('bad_request', SETTINGS_MESSAGES.smsNotConfigured.message);
  const authToken = reveal(deps.box, row.twilioAuthToken);
  if (authToken === null) return { ok: false, message: UNREADABLE };
  return testTwilioConnection(deps.outbound, deps.twilioBaseUrl, { accountSid: row.twilioAccountSid, authToken });
}
