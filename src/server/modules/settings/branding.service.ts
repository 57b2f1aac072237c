import type { TBranding } from '#shared/schemas/settings.ts';
import { DEFAULT_BRAND_COLOURS } from '#shared/settings-defaults.ts';
import type { Db } from '#server/db/client.ts';
import { DEFAULT_MAIL_BRAND, type MailBrand } from '#server/mail/templates.ts';
import * as repo from './settings.repo.ts';

// The business's brand, read by the app's header and by the mail other areas send. Its own file
// so those areas (connections among them) need not import the whole settings service.

export async function brandingOf(deps: { db: Db }, tenantId: string): Promise<TBranding> {
  const client = await repo.findClient(deps.db, tenantId);
  if (!client?.isActive) return { name: null, logoUrl: null, ...DEFAULT_BRAND_COLOURS };
  return {
    name: client.name || null,
    logoUrl: client.logo,
    primaryColor: client.primaryColor,
    secondaryColor: client.secondaryColor,
  };
}

/**
 * The sender brand of a business's mail (invitations, billing, connection problems): a
 * white-label business's name, primary colour and https logo, else Fieldwise's.
 */
export async function mailBrand(deps: { db: Db }, tenantId: string): Promise<MailBrand> {
  const brand = await brandingOf(deps, tenantId);
  if (!brand.name) return DEFAULT_MAIL_BRAND;
  const logoUrl = brand.logoUrl && /^https:\/\//i.test(brand.logoUrl) ? brand.logoUrl : null;
  return { name: brand.name, color: brand.primaryColor, logoUrl };
}
