import type { TBranding } from '@shared/schemas/settings';
import { HEX_COLOUR } from '@shared/settings-defaults';

export type HostBrand = { name: string; logoUrl: string | null; primaryColor: string; secondaryColor: string };

let read: HostBrand | null | undefined;
/** The brand a server render draws in (withHostBrand); the browser reads its page's tag instead. */
let drawing: HostBrand | null = null;

/**
 * The brand of the business whose own domain this page is on, put into index.html by the server
 * (domains-host.ts), or null on the app's own address. Read once; never fetched.
 */
export function hostBrand(): HostBrand | null {
  if (typeof document === 'undefined') return drawing;
  if (read !== undefined) return read;
  read = brandFrom(document.querySelector('meta[name="fw-brand"]')?.getAttribute('content'));
  return read;
}

/** The brand in a `fw-brand` tag's content, checked as the page would use it; null for none or a malformed one. */
export function brandFrom(content: string | null | undefined): HostBrand | null {
  if (!content) return null;
  try {
    const brand = JSON.parse(content) as Partial<TBranding>;
    if (typeof brand.name !== 'string' || !brand.name) return null;
    return {
      name: brand.name,
      logoUrl: typeof brand.logoUrl === 'string' && /^https:\/\//i.test(brand.logoUrl) ? brand.logoUrl : null,
      primaryColor: HEX_COLOUR.test(brand.primaryColor ?? '') ? brand.primaryColor! : '',
      secondaryColor: HEX_COLOUR.test(brand.secondaryColor ?? '') ? brand.secondaryColor! : '',
    };
  } catch {
    // A malformed tag means no brand: the standard look.
    return null;
  }
}

/** Runs a server render (synchronous, so no other request's render interleaves) in `brand`. */
export function withHostBrand<T>(brand: HostBrand | null, render: () => T): T {
  drawing = brand;
  try {
    return render();
  } finally {
    drawing = null;
  }
}

/** The brand's colours as the CSS variables the sign-in screens read, set on <html> (auth-layout.tsx). */
export function brandColourVariables(brand: HostBrand): [string, string][] {
  return (
    [
      ['--brand-primary', brand.primaryColor],
      ['--brand-secondary', brand.secondaryColor],
    ] as [string, string][]
  ).filter(([, colour]) => colour);
}
