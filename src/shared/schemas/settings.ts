import { z } from 'zod';
import { DEFAULT_BRAND_COLOURS, DEFAULT_CURRENCY, DEFAULT_TIMEZONE, HEX_COLOUR } from '../settings-defaults.ts';
import { zString } from './string.ts';
import { REGISTRAR_ENVIRONMENTS, SETTINGS_MESSAGES } from '../settings.ts';

/**
 * Settings and the integrations vault (issue 7). Secrets are write-only: a response carries a
 * ZSecretState, never the value; on PUT an empty or missing secret keeps the stored one.
 *
 * GET /api/settings: any signed-in member. PUT and DELETE /api/settings/{section} and
 * POST /api/settings/{section}/test: manager or admin (white-label: admin only), else 403.
 * PUT and DELETE answer the whole ZSettings. A refused save is a 400 whose `message` is the
 * SETTINGS_MESSAGES text and whose `fields` names the field. PUT social updates only the
 * platforms present in the body. The zod-free constants (sections, platforms, the spec's
 * messages, patterns) live in shared/settings.ts.
 */
export * from '../settings.ts';

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
/** Cloudflare Turnstile on the landing pages' lead form: the public site key and the write-only secret. */
export const ZTurnstileInput = z.object({
  siteKey: zString().trim().max(120, 'Please use at most 120 characters'),
  secretKey: secretInput,
});
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
export type TTurnstileInput = z.input<typeof ZTurnstileInput>;

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
    /** Where Twilio must post incoming calls (missed-call text-back). */
    voiceWebhookUrl: zString(),
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
  /** The lead form's optional Turnstile check; configured = both keys saved, the widget then shows on every published page. */
  turnstile: z.object({ siteKey: zString(), secretKey: ZSecretState, ...configured }),
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

/** One icon of the web app manifest. */
const ZManifestIcon = z.object({ src: zString(), sizes: zString(), type: zString().optional(), purpose: zString() });

/** GET /api/manifest.webmanifest: the installable app, named and coloured by the business's white label. */
export const ZWebAppManifest = z.object({
  id: zString(),
  name: zString(),
  short_name: zString(),
  description: zString(),
  start_url: zString(),
  scope: zString(),
  display: z.literal('standalone'),
  background_color: zString(),
  theme_color: zString(),
  icons: z.array(ZManifestIcon),
});
export type TWebAppManifest = z.infer<typeof ZWebAppManifest>;
