// The settings area's constants without zod (sections, platforms, the spec's messages and the
// patterns the forms check), so the settings tabs load no schema code; schemas/settings.ts
// re-exports them beside the schemas that use them.

export const SETTINGS_SECTIONS = [
  'wordpress',
  'analytics',
  'business',
  'sms',
  'social',
  'white-label',
  'registrar',
  'places',
  'turnstile',
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
  turnstileMissing: { title: 'Missing Keys', message: 'Please enter both the Turnstile site key and secret key.' },
  turnstileFormat: {
    title: 'Invalid Key',
    message: 'That does not look like a Turnstile key. Copy it from Cloudflare → Turnstile; it starts like 0x4AAAAAAA.',
  },
  turnstileSecretAgain: {
    title: 'Secret Key Needed',
    message:
      'You changed the site key, so please enter its secret key again. The saved secret is only used with the site key it was saved for.',
  },
  timezone: { title: 'Invalid Time Zone', message: 'Choose a time zone from the list, such as America/New_York.' },
} as const;

export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const GA4_PATTERN = /^G-[A-Z0-9]{4,20}$/i;

/** A Cloudflare Turnstile site or secret key (test keys look like 1x00000000000000000000AA). */
export const TURNSTILE_KEY_PATTERN = /^\dx[A-Za-z0-9_-]{16,100}$/;

/** The business's own Google Places API key: its shape, checked before saving. */
export const PLACES_KEY_PATTERN = /^[A-Za-z0-9_-]{30,100}$/;
