import type { TWebAppManifest } from '#shared/schemas/settings.ts';
import { DEFAULT_BRAND_COLOURS } from '#shared/settings-defaults.ts';
import type { Db } from '#server/db/client.ts';
import { brandingOf } from './branding.service.ts';

/** Our own icons (src/client/public): PNGs at the sizes the install checks ask for, and a maskable one. */
const FIELDWISE_ICONS: TWebAppManifest['icons'] = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest: Fieldwise for a visitor; for a signed-in member of a white-label business
 * its name, colour and https logo (listed first, at any size; our PNGs stay as the fallback a
 * browser picks when the logo cannot be used at the size it needs). The app opens on Today.
 */
export async function webAppManifest(deps: { db: Db }, tenantId: string | null): Promise<TWebAppManifest> {
  const brand = tenantId ? await brandingOf(deps, tenantId) : null;
  const name = brand?.name || 'Fieldwise';
  const logo = brand?.name && brand.logoUrl && /^https:\/\//i.test(brand.logoUrl) ? brand.logoUrl : null;
  return {
    id: '/dashboard',
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trim() : name,
    description: `${name}: your leads, messages and posts, on your phone.`,
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: brand?.name ? brand.primaryColor : DEFAULT_BRAND_COLOURS.primaryColor,
    icons: [...(logo ? [{ src: logo, sizes: 'any', purpose: 'any' }] : []), ...FIELDWISE_ICONS],
  };
}
