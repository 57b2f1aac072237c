import { useEffect } from 'react';
import { DEFAULT_BRAND_COLOURS, HEX_COLOUR } from '@shared/settings-defaults';
import { useBranding } from './settings-api';

/**
 * The two CSS variables styles.css derives every brand-* and accent-* shade from (with
 * color-mix), so setting them on <html> re-colours the whole signed-in app.
 */
const VARIABLES = { primaryColor: '--brand-primary', secondaryColor: '--brand-secondary' } as const;

/**
 * Applies the tenant's white-label colours to the signed-in app (rendered by its layout only). Default colours
 * change nothing; leaving the signed-in app (or signing out) restores the standard look, so
 * public pages always show Fieldwise's own colours.
 */
export function BrandStyle() {
  const branding = useBranding(true).data;

  useEffect(() => {
    if (!branding) return;
    const root = document.documentElement.style;
    const applied: string[] = [];
    for (const field of ['primaryColor', 'secondaryColor'] as const) {
      const colour = branding[field].trim().toLowerCase();
      if (!HEX_COLOUR.test(colour) || colour === DEFAULT_BRAND_COLOURS[field]) continue;
      root.setProperty(VARIABLES[field], colour);
      applied.push(VARIABLES[field]);
    }
    return () => applied.forEach((variable) => root.removeProperty(variable));
  }, [branding]);

  return null;
}
