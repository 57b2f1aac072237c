import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TRegistrarEnvironment } from '#shared/schemas/settings.ts';
import { DEFAULT_BRAND_COLOURS, DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '#shared/settings-defaults.ts';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps } from './columns.ts';

// White-label brand of a tenant (one per tenant).
export const clients = pgTable('clients', {
  id: id(),
  // The spec's clients had no owner; white-label branding belongs to one tenant.
  tenantId: tenantId().unique(),
  name: text('name').notNull(),
  domain: text('domain').unique(),
  logo: text('logo'),
  primaryColor: text('primary_color').notNull().default(DEFAULT_BRAND_COLOURS.primaryColor),
  secondaryColor: text('secondary_color').notNull().default(DEFAULT_BRAND_COLOURS.secondaryColor),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
});

// The tenant's business profile and integration settings (one row per tenant).
// Secret columns hold ciphertext (AES-256-GCM) and are never sent back in plain text.
export const clientConfigurations = pgTable('client_configurations', {
  id: id(),
  tenantId: tenantId().unique(),
  clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
  // Who last saved the configuration.
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),

  // Business profile
  businessName: text('business_name'),
  businessAddress: text('business_address'),
  businessPhone: text('business_phone'),
  businessEmail: text('business_email'),
  businessWebsite: text('business_website'),
  defaultSearch: text('default_search'),
  industry: text('industry'),
  timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
  currency: text('currency').notNull().default(DEFAULT_CURRENCY),

  // Analytics property (GA4): measurement id G-… for sending, numeric property id for reports.
  ga4MeasurementId: text('ga4_measurement_id'),
  ga4PropertyId: text('ga4_property_id'),
  ga4ApiSecret: text('ga4_api_secret'),
  // Search Console property for the keyword dashboard (e.g. sc-domain:example.com).
  searchConsoleSiteUrl: text('search_console_site_url'),

  // Places API (business search and reviews); google_place_id is the business last selected.
  googlePlacesApiKey: text('google_places_api_key'),
  googlePlaceId: text('google_place_id'),

  // SMS provider (Twilio)
  twilioAccountSid: text('twilio_account_sid'),
  twilioAuthToken: text('twilio_auth_token'),
  twilioPhoneNumber: text('twilio_phone_number'),

  // Cloudflare Turnstile on the landing pages' lead form (the secret key sealed)
  turnstileSiteKey: text('turnstile_site_key'),
  turnstileSecretKey: text('turnstile_secret_key'),

  // WordPress (Application Passwords)
  wordpressUrl: text('wordpress_url'),
  wordpressUsername: text('wordpress_username'),
  wordpressAppPassword: text('wordpress_app_password'),

  // Facebook
  facebookAppId: text('facebook_app_id'),
  facebookAppSecret: text('facebook_app_secret'),
  facebookAccessToken: text('facebook_access_token'),
  facebookPageId: text('facebook_page_id'),

  // Twitter / X
  twitterApiKey: text('twitter_api_key'),
  twitterApiSecret: text('twitter_api_secret'),
  twitterAccessToken: text('twitter_access_token'),
  twitterAccessTokenSecret: text('twitter_access_token_secret'),

  // Instagram
  instagramAccessToken: text('instagram_access_token'),
  instagramBusinessAccountId: text('instagram_business_account_id'),

  // LinkedIn
  linkedinClientId: text('linkedin_client_id'),
  linkedinClientSecret: text('linkedin_client_secret'),
  linkedinAccessToken: text('linkedin_access_token'),
  linkedinOrganizationId: text('linkedin_organization_id'),

  // Domain registrar (GoDaddy): the spec kept these in the browser; we store them per tenant.
  registrarApiKey: text('registrar_api_key'),
  registrarApiSecret: text('registrar_api_secret'),
  registrarEnvironment: text('registrar_environment').$type<TRegistrarEnvironment>(),

  ...timestamps(),
});
