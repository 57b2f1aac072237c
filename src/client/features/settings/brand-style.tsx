import { useEffect } from 'react';
import type { TBranding } from '@shared/schemas/settings';
import { DEFAULT_BRAND_COLOURS, HEX_COLOUR } from '@shared/settings-defaults';
import { useBranding } from './settings-api';

/**
 * The two CSS variables styles.css derives every brand-* and accent-* shade from (with
 * color-mix), so setting them on <html> re-colours the whole signed-in app.
 */
const VARIABLES = { primaryColor: '--brand-primary', secondaryColor: '--brand-secondary' } as const;

/** The variables a tenant's branding sets on <html>, as [name, colour]; none for the default colours. */
export function brandVariables(branding: TBranding | undefined): [string, string][] {
  if (!branding) return [];
  return (['primaryColor', 'secondaryColor'] as const).flatMap((field): [string, string][] => {
    const colour = branding[field].trim().toLowerCase();
    return HEX_COLOUR.test(colour) && colour !== DEFAULT_BRAND_COLOURS[field] ? [[VARIABLES[field], colour]] : [];
  });
}

/**
 * Applies the tenant's white-label colours to the signed-in app (rendered by its layout only). Default colours
 * change nothing; leaving the signed-in app (or signing out) restores the standard look, so
 * public pages always show Fieldwise's own colours. A server-rendered page comes with them already
 * set on <html> (entry-server.tsx), and they are left as they are.
 */
export function BrandStyle() {
  const branding = useBranding(true).data;

  useEffect(() => {
    const root = document.documentElement.style;
    const applied = brandVariables(branding);
    // Only what differs: setting even the same value restyles the whole page (~10 ms on a phone).
    for (const [name, colour] of applied) if (root.getPropertyValue(name) !== colour) root.setProperty(name, colour);
    return () => applied.forEach(([name]) => root.removeProperty(name));
  }, [branding]);

  return null;
}
