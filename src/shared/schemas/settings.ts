import { z } from 'zod';
import { DEFAULT_BRAND_COLOURS, DEFAULT_CURRENCY, DEFAULT_TIMEZONE, HEX_COLOUR } from '../settings-defaults.ts';
import { zString } from './string.ts';

/**
 * Settings and the integrations vault (issue 7). Secrets are write-only: a response carries a
 * ZSecretState, never the value; on PUT an empty or missing secret keeps the stored one.
 *
 * GET /api/settings: any signed-in member. PUT and DELETE /api/settings/{section} and
 * POST /api/settings/{section}/test: manager or admin (white-label: admin only), else 403.
 * PUT and DELETE answer the whole ZSettings. A refused save is a 400 whose `message` is the
 * SETTINGS_MESSAGES text and whose `fields` names the field. PUT social updates only the
 * platforms present in the body.
 */
export const SETTINGS_SECTIONS = [
  'wordpress',
  'analytics',
  'business',
  'sms',
  'social',
  'white-label',
  'registrar',
  'places',
] as const;
export type TSettingsSection = (typeof SETTINGS_SECTIONS)[number];
/** Sections with a POST /api/settings/{section}/test connection test. */
export const TESTABLE_SECTIONS = ['wordpress', 'sms', 'registrar'] as const;
export type TTestableSection = (typeof TESTABLE_SECTIONS)[number];

export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;
export type TSocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
/** GoDaddy's two APIs: the OTE sandbox and production. */
export const REGISTRAR_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type TRegistrarEnvironment = (typeof REGISTRAR_ENVIRONMENTS)[number];

/** The spec's texts: title and message of each refused save. */
export const SETTINGS_MESSAGES = {
  wordpressMissing: { title: 'Missing Information', message: 'Please fill in all WordPress configuration fields.' },
  wordpressUrl: { title: 'Invalid URL', message: 'Please enter a valid website URL (e.g., https://example.com)' },
  ga4Missing: { title: 'Missing Measurement ID', message: 'Please enter your GA4 measurement ID.' },
  ga4Format: {
    title: 'Invalid Measurement ID',
    message: 'Your GA4 measurement ID starts with G- (e.g., G-XXXXXXXXXX).',
  },
  smsPhone: {
    title: 'Invalid Phone Number',
    message: 'Please enter the phone number in E.164 format (e.g., +15551234567).',
  },
  registrarMissing: { title: 'Missing Information', message: 'Please provide both API Key and Secret' },
  registrarNotConfigured: { title: 'Missing Configuration', message: 'Please save your API Key and Secret first.' },
  smsMissing: { title: 'Missing Information', message: 'Please fill in the Account SID, Auth Token and phone number.' },
  smsSid: {
    title: 'Invalid Account SID',
    message: 'Your Account SID starts with AC followed by 32 letters and numbers.',
  },
  wordpressNotConfigured: {
    title: 'Missing Configuration',
    message: 'Please save your WordPress site URL, username and application password first.',
  },
  smsNotConfigured: {
    title: 'Missing Configuration',
    message: 'Please save your Account SID, Auth Token and phone number first.',
  },
  email: { title: 'Invalid Email', message: 'Please enter a valid email address' },
  logoUrl: { title: 'Invalid URL', message: 'Please enter a valid logo URL (e.g., https://example.com/logo.png)' },
  domain: { title: 'Invalid Domain', message: 'Please enter a domain such as app.example.com' },
  domainTaken: { title: 'Domain In Use', message: 'This domain is already used by another business.' },
  wordpressSecretAgain: {
    title: 'Password Needed',
    message:
      'You changed the site address or username, so please enter the application password again. The saved one is only used with the site and username it was saved for.',
  },
  smsSecretAgain: {
    title: 'Auth Token Needed',
    message:
      'You changed the Account SID, so please enter its Auth Token again. The saved token is only used with the account it was saved for.',
  },
  registrarSecretAgain: {
    title: 'API Keys Needed',
    message:
      'You switched between sandbox and production, so please enter the API Key and Secret for that environment again.',
  },
  placesMissing: { title: 'Missing API Key', message: 'Please enter your Google Places API key.' },
  placesFormat: {
    title: 'Invalid API Key',
    message:
      'That does not look like a Google API key. It is about 39 letters and numbers, usually starting with AIza.',
  },
  timezone: { title: 'Invalid Time Zone', message: 'Choose a time zone from the list, such as America/New_York.' },
} as const;

export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const GA4_PATTERN = /^G-[A-Z0-9]{4,20}$/i;

/** A secret as the API shows it: whether one is stored and a mask such as "••••••••wxyz". */
export const ZSecretState = z.object({ isSet: z.boolean(), hint: zString().nullable() });
export type TSecretState = z.infer<typeof ZSecretState>;

/** A secret on input: omitted or '' keeps the stored value. */
const secretInput = zString().trim().max(2000, 'This value is too long').optional().default('');
const text = (max: number) => zString().trim().max(max, `Please use at most ${max} characters`).optional().default('');

export const ZWordpressInput = z.object({
  siteUrl: zString().trim().max(500, 'Please use at most 500 characters'),
  username: zString().trim().max(200, 'Please use at most 200 characters'),
  appPassword: secretInput,
});
export const ZAnalyticsInput = z.object({
  measurementId: zString().trim().max(40, 'Please use at most 40 characters'),
  /** Numeric GA4 property id for reports (optional). */
  propertyId: text(40),
  apiSecret: secretInput,
  searchConsoleSiteUrl: text(500),
});
export const ZBusinessInput = z.object({
  businessName: text(200),
  businessAddress: text(300),
  businessPhone: text(40),
  businessEmail: text(254),
  businessWebsite: text(500),
  businessDefaultSearch: text(200),
  industry: text(100),
  timezone: zString().trim().max(64).default(DEFAULT_TIMEZONE),
  currency: zString().trim().length(3, 'Currency is a 3-letter code such as USD').default(DEFAULT_CURRENCY),
});
export const ZSmsInput = z.object({
  accountSid: zString().trim().max(64, 'Please use at most 64 characters'),
  authToken: secretInput,
  phoneNumber: zString().trim().max(20, SETTINGS_MESSAGES.smsPhone.message),
});
export const ZSocialInput = z.object({
  facebook: z
    .object({ appId: text(100), appSecret: secretInput, accessToken: secretInput, pageId: text(100) })
    .optional(),
  twitter: z
    .object({ apiKey: text(200), apiSecret: secretInput, accessToken: secretInput, accessTokenSecret: secretInput })
    .optional(),
  instagram: z.object({ accessToken: secretInput, businessAccountId: text(100) }).optional(),
  linkedin: z
    .object({ clientId: text(100), clientSecret: secretInput, accessToken: secretInput, organizationId: text(100) })
    .optional(),
});
export const ZWhiteLabelInput = z.object({
  clientName: text(120),
  clientDomain: text(253),
  logoUrl: text(500),
  primaryColor: zString()
    .trim()
    .regex(HEX_COLOUR, 'Use a colour like #3b82f6')
    .default(DEFAULT_BRAND_COLOURS.primaryColor),
  secondaryColor: zString()
    .trim()
    .regex(HEX_COLOUR, 'Use a colour like #f97316')
    .default(DEFAULT_BRAND_COLOURS.secondaryColor),
  contactEmail: text(254),
  contactPhone: text(40),
  isWhiteLabel: z.boolean().default(false),
});
/** The business's own Google Places API key (Reviews → business search); empty keeps the stored one. */
export const ZPlacesInput = z.object({ apiKey: secretInput });
export const PLACES_KEY_PATTERN = /^[A-Za-z0-9_-]{30,100}$/;
export const ZRegistrarInput = z.object({
  apiKey: secretInput,
  apiSecret: secretInput,
  environment: z.enum(REGISTRAR_ENVIRONMENTS).default('sandbox'),
});

export type TWordpressInput = z.input<typeof ZWordpressInput>;
export type TAnalyticsInput = z.input<typeof ZAnalyticsInput>;
export type TBusinessInput = z.input<typeof ZBusinessInput>;
export type TSmsInput = z.input<typeof ZSmsInput>;
export type TSocialInput = z.input<typeof ZSocialInput>;
export type TWhiteLabelInput = z.input<typeof ZWhiteLabelInput>;
export type TRegistrarInput = z.input<typeof ZRegistrarInput>;
export type TPlacesInput = z.input<typeof ZPlacesInput>;

const configured = { isConfigured: z.boolean() };

/** GET /api/settings: every section, secrets masked. */
export const ZSettings = z.object({
  wordpress: z.object({ siteUrl: zString(), username: zString(), appPassword: ZSecretState, ...configured }),
  analytics: z.object({
    measurementId: zString(),
    propertyId: zString(),
    apiSecret: ZSecretState,
    searchConsoleSiteUrl: zString(),
    ...configured,
  }),
  business: z.object({
    businessName: zString(),
    businessAddress: zString(),
    businessPhone: zString(),
    businessEmail: zString(),
    businessWebsite: zString(),
    businessDefaultSearch: zString(),
    industry: zString(),
    timezone: zString(),
    currency: zString(),
    ...configured,
  }),
  sms: z.object({
    accountSid: zString(),
    authToken: ZSecretState,
    phoneNumber: zString(),
    /** Where Twilio must post inbound texts (STOP replies): our public address + the route. */
    inboundWebhookUrl: zString(),
    ...configured,
  }),
  social: z.object({
    facebook: z.object({
      appId: zString(),
      appSecret: ZSecretState,
      accessToken: ZSecretState,
      pageId: zString(),
      ...configured,
    }),
    twitter: z.object({
      apiKey: zString(),
      apiSecret: ZSecretState,
      accessToken: ZSecretState,
      accessTokenSecret: ZSecretState,
      ...configured,
    }),
    instagram: z.object({ accessToken: ZSecretState, businessAccountId: zString(), ...configured }),
    linkedin: z.object({
      clientId: zString(),
      clientSecret: ZSecretState,
      accessToken: ZSecretState,
      organizationId: zString(),
      ...configured,
    }),
  }),
  whiteLabel: z.object({
    clientName: zString(),
    clientDomain: zString(),
    logoUrl: zString(),
    primaryColor: zString(),
    secondaryColor: zString(),
    contactEmail: zString(),
    contactPhone: zString(),
    isWhiteLabel: z.boolean(),
    ...configured,
  }),
  registrar: z.object({
    apiKey: ZSecretState,
    apiSecret: ZSecretState,
    environment: z.enum(REGISTRAR_ENVIRONMENTS),
    ...configured,
  }),
  /** The business's own Places key; without it the operator's key (or sample data) is used. */
  places: z.object({ apiKey: ZSecretState, ...configured }),
});
export type TSettings = z.infer<typeof ZSettings>;

/** POST /api/settings/{section}/test. */
export const ZConnectionTestResult = z.object({
  ok: z.boolean(),
  /** Plain English: "Connected as admin", "Wrong username or application password", … */
  message: zString(),
});
export type TConnectionTestResult = z.infer<typeof ZConnectionTestResult>;

/** GET /api/registrar/domains. */
export const ZRegistrarDomain = z.object({
  domain: zString(),
  status: zString(),
  expires: zString().nullable(),
  autoRenew: z.boolean(),
  privacy: z.boolean(),
});
export const ZRegistrarDomains = z.object({ domains: z.array(ZRegistrarDomain) });
export type TRegistrarDomain = z.infer<typeof ZRegistrarDomain>;
export type TRegistrarDomains = z.infer<typeof ZRegistrarDomains>;

/**
 * GET /api/branding: the signed-in tenant's white-label brand, applied to the app shell. Without
 * a saved white-label config, or with isWhiteLabel off, it is the default brand (name null).
 */
export const ZBranding = z.object({
  name: zString().nullable(),
  logoUrl: zString().nullable(),
  primaryColor: zString(),
  secondaryColor: zString(),
});
export type TBranding = z.infer<typeof ZBranding>;
