import { describe, expect, it } from 'vitest';
import type { TLead, TLeadImportResult, TLeadPage } from '#shared/schemas/leads.ts';
import { csvRows, undefused } from '#shared/csv.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { DEFAULT_TIMEZONE } from '#shared/settings-defaults.ts';
import { memberOf, signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { EXPORT_HEADER } from './leads-export.ts';
import { client } from '#tests/kits/leads.ts';

const t = useTestApp();

type Client = ReturnType<typeof client>;
const exportCsv = (c: Client, query = '') => c.call('GET', `/api/leads/export.csv${query}`);
/** The data rows of an export, keyed by the Name column. */
async function rowsOf(c: Client, query = '') {
  const res = await exportCsv(c, query);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = csvRows(res.body);
  expect(header).toEqual(EXPORT_HEADER);
  return rows.map((r) => r.map(undefused));
}
/** What a lead is, as the list shows it, without what a new row gets afresh (id, time, score). */
const essence = (l: TLead) => ({
  name: l.name,
  email: l.email,
  phone: l.phone,
  service: l.service,
  location: l.location,
  status: l.status,
  priority: l.priority,
  source: l.source,
  jobValue: l.jobValue,
});
const allLeads = async (c: Client) =>
  (await c.call('GET', '/api/leads?limit=100'))
    .json<TLeadPage>()
    .leads.map(essence)
    .sort((x, y) => (x.name < y.name ? -1 : 1));

// A file with a formula in a name, a note that starts with @, a quoted comma and a line break.
const FILE = [
  'name,email,phone,service,location,notes,value,status,source,priority',
  '=HYPERLINK("http://evil.example"),eve@example.com,,Roof repair,Dayton,"+1 call back",,new,,high',
  'Maria Lopez,maria@example.com,(512) 555-0142,AC installation,"Austin, TX","@ noon\nbring quote",,contacted,Google Business Profile,medium',
  'Dan Reyes,,937-555-0100,Furnace repair,Dayton,,"$1,350.00",converted,Organic search,low',
  'Ann Wu,ann@example.com,,Water heater,Tacoma,,,lost,,high',
].join('\n');

describe('lead CSV export (GET /api/leads/export.csv)', () => {
  it('writes the columns the import reads, defuses formula cells, and round-trips through the import unchanged', async () => {
    const a = client(t.app, (await signUp(t.app)).cookie);
    const imported = await a.call('POST', '/api/leads/import', { csv: FILE });
    expect(imported.statusCode, imported.body).toBe(200);
    const res = await exportCsv(a);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named by the business's day (a new business's time zone is the default one).
    const today = isoToZoned(new Date().toISOString(), DEFAULT_TIMEZONE).date;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${today}.csv"`);
    // In the file itself a formula cell starts with an apostrophe, so a spreadsheet shows it as text.
    expect(res.body).toContain(
      `"'=HYPERLINK(""http://evil.example"")",eve@example.com,,Roof repair,Dayton,'+1 call back,`,
    );
    expect(res.body).toContain(`"'@ noon\nbring quote"`);
    const rows = await rowsOf(a);
    expect(rows.find((r) => r[0] === 'Dan Reyes')).toEqual([
      'Dan Reyes',
      '',
      '937-555-0100',
      'Furnace repair',
      'Dayton',
      '',
      '1350.00',
      'converted',
      'Organic search',
      'low',
    ]);
    expect(rows.find((r) => r[0] === 'Maria Lopez')?.[8]).toBe('Google Business Profile');

    // Another business imports the downloaded file: the same leads, notes included.
    const b = client(t.app, (await signUp(t.app)).cookie);
    const back = await b.call('POST', '/api/leads/import', { csv: res.body });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<TLeadImportResult>()).toMatchObject({ imported: 4, problems: [], ignoredColumns: [] });
    expect(await allLeads(b)).toEqual(await allLeads(a));
    // Row for row (the order of leads imported in the same moment is the id's).
    const lines = (body: string) => body.split('\r\n').sort();
    expect(lines((await exportCsv(b)).body)).toEqual(lines(res.body));
  });

  it("takes the list's filters (status, priority, search) and ignores its paging", async () => {
    const a = client(t.app, (await signUp(t.app)).cookie);
    const imported = await a.call('POST', '/api/leads/import', { csv: FILE });
    expect(imported.statusCode, imported.body).toBe(200);
    const names = async (q: string) => (await rowsOf(a, q)).map((r) => r[0]);
    expect(await names('?status=converted')).toEqual(['Dan Reyes']);
    expect(await names('?priority=low')).toEqual(['Dan Reyes']);
    expect(await names('?q=austin')).toEqual(['Maria Lopez']);
    expect(await names('?q=dayton&status=new')).toEqual(['=HYPERLINK("http://evil.example")']);
    expect(await names('?limit=1')).toHaveLength(4);
    expect(await names('?q=nobody')).toEqual([]);
    const bad = await exportCsv(a, '?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });

  it("holds the caller's business only; a team member exports like the list; signed out is 401", async () => {
    const ownerA = await signUp(t.app);
    const a = client(t.app, ownerA.cookie);
    const b = client(t.app, (await signUp(t.app)).cookie);
    await a.create({ name: 'Only A' });
    await b.create({ name: 'Only B' });
    expect((await rowsOf(b)).map((r) => r[0])).toEqual(['Only B']);
    const member = client(t.app, (await memberOf(t.app, t.database.db, ownerA, 'user')).cookie);
    expect((await rowsOf(member)).map((r) => r[0])).toEqual(['Only A']);
    expect((await t.app.inject({ method: 'GET', url: '/api/leads/export.csv' })).statusCode).toBe(401);
  });
});
