import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TActivityList, TLeadImportResult, TLeadPage, TLeadSummary } from '#shared/schemas/leads.ts';
import type { TRevenueBySource } from '#shared/schemas/coach.ts';
import { activities } from '#server/db/schema/index.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { client } from '#tests/kits/leads.ts';

const t = useTestApp();

async function owner() {
  return client(t.app, (await signUp(t.app)).cookie);
}
const importCsv = (c: Awaited<ReturnType<typeof owner>>, csv: string, dryRun = false) =>
  c.call('POST', `/api/leads/import${dryRun ? '?dryRun=true' : ''}`, { csv });
/** The caller's leads in the database. */
const leadCount = async (c: Awaited<ReturnType<typeof owner>>) =>
  (await c.call('GET', '/api/leads/summary')).json<TLeadSummary>().total;

// A spreadsheet export: a byte-order mark, headers in its own words, a quoted comma and line break.
const GOOD = [
  '\uFEFFFull Name,E-mail,Phone Number,Service,City,Notes,Job Value,Status,Lead Source,Assigned To',
  'Maria Lopez,Maria@Example.com,(512) 555-0142,AC installation,"Austin, TX","Wants a quote\nbefore June",,new,,Sam',
  'Dan Reyes,,937-555-0100,Furnace repair,Dayton,,"$1,350.00",Converted,,Sam',
  'Ann Wu,ann@example.com,,Water heater,Tacoma,,,contacted,google business profile,',
].join('\r\n');

describe('lead CSV import (POST /api/leads/import)', () => {
  it('checks a good file without saving, then imports every lead as a CSV import with its notes and value', async () => {
    const a = await owner();
    const dry = await importCsv(a, GOOD, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<TLeadImportResult>()).toEqual({
      rows: 3,
      problems: [],
      ignoredColumns: ['Assigned To'],
      imported: 0,
    });
    expect(await leadCount(a)).toBe(0);

    const res = await importCsv(a, GOOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TLeadImportResult>().imported).toBe(3);
    const list = (await a.call('GET', '/api/leads')).json<TLeadPage>().leads;
    const byName = Object.fromEntries(list.map((l) => [l.name, l]));
    expect(byName['Maria Lopez']).toMatchObject({
      email: 'maria@example.com',
      phone: '(512) 555-0142',
      location: 'Austin, TX',
      status: 'new',
      source: 'csv_import',
      scoreModel: 'priors',
    });
    expect(byName['Dan Reyes']).toMatchObject({ status: 'converted', jobValue: 1350, source: 'csv_import' });
    // A source the file names is kept.
    expect(byName['Ann Wu']).toMatchObject({ status: 'contacted', source: 'google_business' });

    // The notes are on the lead's history; the feed leads with the import itself.
    const notes = await t.database.db
      .select({ description: activities.description })
      .from(activities)
      .where(and(eq(activities.leadId, byName['Maria Lopez']!.id), eq(activities.type, 'lead_note')));
    expect(notes).toEqual([{ description: 'Wants a quote\nbefore June' }]);
    const feed = (await a.call('GET', '/api/activities?limit=5')).json<TActivityList>().activities;
    expect(feed[0]?.title).toBe('Imported 3 leads from a CSV file');

    // The coach's Revenue by source counts the imported leads under "CSV import".
    const revenue = (await a.call('GET', '/api/ai-coach/revenue-by-source?days=30')).json<TRevenueBySource>();
    expect(revenue.sources.find((s) => s.source === 'csv_import')).toMatchObject({
      label: 'CSV import',
      leads: 2,
      converted: 1,
      revenue: 1350,
    });
  });

  it('names every bad row with its row number and reason, and then imports nothing at all', async () => {
    const a = await owner();
    const csv = [
      'name,email,phone,service,location,value,status,source',
      'Good One,good@example.com,,Roof repair,Dayton,,,', // row 2
      ',not-an-email,,Roof repair,Dayton,,,', // row 3
      'Pat Lee,,12,,Dayton,,maybe,', // row 4
      'Kim Ho,,,Gutters,Dayton,500,new,', // row 5
      'Lou Bo,,,Gutters,Dayton,,,Billboard', // row 6
      'Good Two,,,Gutters,Kettering,,,', // row 7
    ].join('\n');
    const dry = (await importCsv(a, csv, true)).json<TLeadImportResult>();
    expect(dry.rows).toBe(6);
    expect(dry.problems).toEqual([
      { row: 3, name: '', reasons: ['Name is required', 'Please enter a valid email address'] },
      {
        row: 4,
        name: 'Pat Lee',
        reasons: [
          'Please enter a valid phone number',
          'Service is required',
          'Status must be new, contacted, qualified, converted or lost',
        ],
      },
      { row: 5, name: 'Kim Ho', reasons: ['A value is the job’s worth: give it only on a converted lead.'] },
      {
        row: 6,
        name: 'Lou Bo',
        reasons: [
          'Source must be one of Manual entry, Google Business Profile, Organic search, Social post, Landing page, Other, CSV import, or left empty.',
        ],
      },
    ]);

    const res = await importCsv(a, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing was imported: 4 rows have problems. Row 3: Name is required');
    // Not even the good rows, nor an activity.
    expect(await leadCount(a)).toBe(0);
    expect((await a.call('GET', '/api/activities')).json<TActivityList>().activities).toEqual([]);
  });

  it('refuses a file without the needed columns, with no rows, too many rows or too large, with a readable 400', async () => {
    const a = await owner();
    const message = async (csv: string) => {
      const res = await importCsv(a, csv, true);
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await message('name,email\nMaria,m@example.com')).toMatch(/^The CSV needs a header row naming its columns/);
    expect(await message('name,service,location\n,,\n')).toBe('The CSV has no leads under its header row.');
    const many = ['name,service,location', ...Array.from({ length: 5001 }, (_, i) => `P${i},Gutters,Dayton`)];
    expect(await message(many.join('\n'))).toBe('Import at most 5,000 leads at a time; this file has 5,001.');
    const big = `name,service,location,notes\n${'Pat,Gutters,Dayton,'.padEnd(1_000_001, 'x')}`;
    expect(await message(big)).toBe('The CSV file must be 1 MB or smaller.');
    expect(await message('')).toBe('Choose a CSV file to import.');
    expect(await leadCount(a)).toBe(0);
  });

  it("imports into the caller's business only; another business sees none of it", async () => {
    const a = await owner();
    const b = await owner();
    await b.create({ name: 'B Lead' });
    expect((await importCsv(a, 'name,service,location\nOnly A,Gutters,Dayton')).statusCode).toBe(200);
    expect(await leadCount(a)).toBe(1);
    const bList = (await b.call('GET', '/api/leads')).json<TLeadPage>().leads;
    expect(bList.map((l) => l.name)).toEqual(['B Lead']);
    expect((await b.call('GET', '/api/leads?q=Only')).json<TLeadPage>().leads).toEqual([]);
    // Signed out, nothing is imported.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/leads/import',
      payload: { csv: 'name,service,location\nX,Y,Z' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
