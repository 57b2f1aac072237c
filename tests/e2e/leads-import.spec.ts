import { mkdir, readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, phoneCheckpoint, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const file = (text: string) => ({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
const BAD = [
  'Name,Email,Phone,Service,City,Notes',
  'Maria Lopez,maria@example.com,(512) 555-0142,AC installation,"Austin, TX",Wants a quote before June',
  'Pat Lee,pat-at-example,,Furnace repair,Dayton,',
  ',,,Gutters,Tacoma,',
].join('\n');
const GOOD = BAD.replace('pat-at-example', 'pat@example.com').replace(',,,Gutters', 'Ann Wu,,,Gutters');

describe.runIf(browserAvailable())('leads: import a CSV file', () => {
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));
  const ctx = useAppInBrowser();

  it('the bad rows are named before anything is saved, then the fixed file imports; dialog and list fit a phone', async () => {
    const owner = await ctx.newPage();
    /** The phone check of the page as it stands, then back to the desktop for the next steps. */
    const fitsPhone = (name: string, keyControl: Locator) => phoneCheckpoint(owner, `leads-import-${name}`, keyControl);
    await signUpByApi(owner, ctx.server.url, {
      firstName: 'Ivy',
      lastName: 'Nolan',
      email: 'ivy.import@example.com',
      password: 'Gutter-Cleaning-77!',
    });
    // To /leads in the running app: a fresh load of /leads is server-rendered, and a click before
    // it hydrates would be lost.
    await owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Leads' }).click();
    await owner.waitForURL('**/leads');
    await owner.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Import leads from a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles(file(BAD));
    const rows = dialog.getByRole('list', { name: 'Rows to fix' }).getByRole('listitem');
    await rows.first().waitFor();
    expect((await rows.allInnerTexts()).map((text) => text.split(/\n+/))).toEqual([
      ['Row 3 · Pat Lee', 'Please enter a valid email address'],
      ['Row 4', 'Name is required'],
    ]);
    expect(await dialog.getByRole('button', { name: 'Import 3 leads' }).isDisabled()).toBe(true);
    await owner.screenshot({ path: `${SCREENSHOTS}/leads-import-bad-rows-1280.png` });
    // On a phone the rows to fix and the dialog's buttons fit the screen.
    await fitsPhone('bad-rows', dialog.getByRole('button', { name: 'Import 3 leads' }));

    await dialog.getByLabel('CSV file').setInputFiles(file(GOOD));
    await dialog.getByText('3 leads in the file, all ready to import.').waitFor();
    await owner.screenshot({ path: `${SCREENSHOTS}/leads-import-ready-1280.png` });
    await fitsPhone('ready', dialog.getByRole('button', { name: 'Import 3 leads' }));
    await dialog.getByRole('button', { name: 'Import 3 leads' }).click();
    await dialog.getByText('Imported 3 leads. They are in your list now.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = owner.getByRole('article', { name: 'Maria Lopez' });
    await row.getByText('Source: CSV import').waitFor();
    for (const name of ['Pat Lee', 'Ann Wu']) await owner.getByRole('article', { name }).waitFor();

    // Export CSV beside Import: the file the import reads, holding what the list's filters match.
    const exportLink = owner.getByRole('link', { name: 'Export CSV' });
    await owner.getByRole('searchbox', { name: 'Search leads' }).fill('austin');
    await owner.getByRole('article', { name: 'Pat Lee' }).waitFor({ state: 'detached' });
    const [download] = await Promise.all([owner.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines).toEqual([
      'Name,Email,Phone,Service,Location,Notes,Value,Status,Source,Priority',
      'Maria Lopez,maria@example.com,(512) 555-0142,AC installation,"Austin, TX",Wants a quote before June,,new,CSV import,medium',
    ]);
    await owner.screenshot({ path: `${SCREENSHOTS}/leads-export-1280.png` });
    await fitsPhone('export', exportLink);
    expect(owner.errors).toEqual([]);

    // The imported list on a phone.
    await expectFitsPhone(owner, 'leads-import-list', row);
    await owner.close();
  });
});
