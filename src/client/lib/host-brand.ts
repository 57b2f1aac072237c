import type { TBranding } from '@shared/schemas/settings';
import { HEX_COLOUR } from '@shared/settings-defaults';

export type HostBrand = { name: string; logoUrl: string | null; primaryColor: string; secondaryColor: string };

let read: HostBrand | null | undefined;

/**
 * The brand of the business whose own domain this page is on, put into index.html by the server
 * (domains-host.ts), or null on the app's own address. Read once; never fetched.
 */
export function hostBrand(): HostBrand | null {
  if (read !== undefined) return read;
  // Drawn on the server (entry-public.tsx): only the app's own address is, in Fieldwise's brand.
  if (typeof document === 'undefined') return null;
  read = null;
  const content = document.querySelector('meta[name="fw-brand"]')?.getAttribute('content');
  if (!content) return read;
  try {
    const brand = JSON.parse(content) as Partial<TBranding>;
    if (typeof brand.name === 'string' && brand.name) {
      read = {
        name: brand.name,
        logoUrl: typeof brand.logoUrl === 'string' && /^https:\/\//i.test(brand.logoUrl) ? brand.logoUrl : null,
        primaryColor: HEX_COLOUR.test(brand.primaryColor ?? '') ? brand.primaryColor! : '',
        secondaryColor: HEX_COLOUR.test(brand.secondaryColor ?? '') ? brand.secondaryColor! : '',
      };
    }
  } catch {
    // A malformed tag means no brand: the standard look.
  }
  return read;
}
