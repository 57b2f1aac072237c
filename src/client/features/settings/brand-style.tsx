import { useEffect } from 'react';
import { HEX_COLOUR } from '@shared/schemas/settings';
import { useAuth } from '@/features/auth/use-auth';
import { useBranding } from './settings-api';

/** Spec-1 §9 default brand colours, which styles.css also starts from. */
export const DEFAULT_PRIMARY = '#3b82f6';
export const DEFAULT_SECONDARY = '#f97316';

/**
 * The two CSS variables styles.css derives every brand-* and accent-* shade from (with
 * color-mix), so setting them on <html> re-colours the whole signed-in app.
 */
const VARIABLES = { primaryColor: '--brand-primary', secondaryColor: '--brand-secondary' } as const;
const DEFAULTS = { primaryColor: DEFAULT_PRIMARY, secondaryColor: DEFAULT_SECONDARY } as const;

/**
 * Applies the tenant's white-label colours to the signed-in app (issue 7). Default colours
 * change nothing; leaving the signed-in app (or signing out) restores the standard look, so
 * public pages always show Fieldwise's own colours.
 */
export function BrandStyle() {
  const { user } = useAuth();
  const branding = useBranding(user !== null).data;

  useEffect(() => {
    if (!branding) return;
    const root = document.documentElement.style;
    const applied: string[] = [];
    for (const field of ['primaryColor', 'secondaryColor'] as const) {
      const colour = branding[field].trim().toLowerCase();
      if (!HEX_COLOUR.test(colour) || colour === DEFAULTS[field]) continue;
      root.setProperty(VARIABLES[field], colour);
      applied.push(VARIABLES[field]);
    }
    return () => applied.forEach((variable) => root.removeProperty(variable));
  }, [branding]);

  return null;
}
