import type { Db } from '#server/db/client.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { DEMO_BUSINESS_NAME } from '#server/modules/auth/demo-business.ts';
import { DEMO_SEARCH_CONSOLE_SITE } from '#server/modules/keywords/keywords-demo.ts';
import { upsertConfiguration } from './settings.repo.ts';

/**
 * The demo business's profile, as its owner would have filled Settings → Business: the name,
 * town and trade its drafts, review searches and reports start from. Reserved addresses only (a
 * 555 number, an .example site and mailbox); refused for any business that is not the demo.
 */
export async function addDemoBusinessProfile(deps: { db: Db }, tenantId: string, userId: string): Promise<void> {
  await assertDemoBusiness(deps, tenantId, 'settings');
  await upsertConfiguration(deps.db, tenantId, userId, {
    businessName: DEMO_BUSINESS_NAME,
    businessAddress: '1200 Wayne Ave, Dayton, OH 45410',
    businessPhone: '(937) 555-0142',
    businessEmail: 'office@demo-heating-cooling.example',
    businessWebsite: DEMO_SEARCH_CONSOLE_SITE,
    defaultSearch: `${DEMO_BUSINESS_NAME} Dayton OH`,
    industry: 'hvac',
  });
}
