import type { Db } from '../client.ts';

/** Demo leads with activities and tasks across statuses, services and ages (issue 4). */
export async function seedDemoLeads(_db: Db, _tenantId: string): Promise<void> {}
