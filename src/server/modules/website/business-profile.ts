import type { AuthContext } from '#server/auth-context.ts';
import { savedOnboarding, type OnboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { tradeFacts, type TradeFacts } from '#server/modules/onboarding/trades.ts';

/** What the website generators know about the business: its name, trade and the towns it serves. */
export interface BusinessProfile {
  name: string;
  trade: TradeFacts;
  /** From onboarding's service area ("Tacoma, Puyallup"); empty when not given. */
  towns: string[];
  /** True when the owner finished onboarding (otherwise the texts stay generic). */
  known: boolean;
}

/** The business profile saved at onboarding, read through the onboarding service. */
export async function businessProfile(deps: OnboardingDeps, auth: AuthContext): Promise<BusinessProfile> {
  const saved = await savedOnboarding(deps, auth);
  const profile = saved?.profile;
  const towns = (profile?.serviceArea ?? '')
    .split(/[,;/]| and /)
    .map((t) => t.trim())
    .filter((t) => t.length > 1)
    .slice(0, 6);
  return {
    name: profile?.businessName.trim() || auth.tenantName,
    trade: tradeFacts(profile?.businessType ?? 'other'),
    towns,
    known: Boolean(profile),
  };
}

/** "Tacoma, Puyallup and Lakewood", or "your area". */
export function townList(towns: string[]): string {
  if (towns.length === 0) return 'your area';
  if (towns.length === 1) return towns[0] as string;
  return `${towns.slice(0, -1).join(', ')} and ${towns.at(-1)}`;
}
