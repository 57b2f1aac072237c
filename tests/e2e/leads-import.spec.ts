import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';
const file = (text: string) => ({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
const BAD = [
  'Name,Email,Phone,Service,City,Notes',
  'Maria Lopez,maria@example.com,(512) 555-0142,AC installation,"Austin, TX",Wants a quote before June',
  'Pat Lee,pat-at-example,,Furnace repair,Dayton,',
  ',,,Gutters,Tacoma,',
].join('\n');
const GOOD = BAD.replace('pat-at-example', 'pat@example.com').replace(',,,Gutters', 'Ann Wu,,,Gutters');

describe.runIf(browserAvailable())('leads: import a CSV file', () => {
  beforeAll(() => mkdir(SHOTS, { recursive: true }));
  const ctx = useAppInBrowser();

  for (const width of [1280, 375]) {
    it(`at ${width} px: the bad rows are named before anything is saved, then the fixed file imports`, async () => {
      const owner = await ctx.newPage(width);
      await register(owner, {
        firstName: 'Ivy',
        lastName: 'Nolan',
        email: `ivy.import.${width}@example.com`,
        password: 'Gutter-Cleaning-77!',
      });
      await owner.goto('/leads');
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
      await owner.screenshot({ path: `${SHOTS}/leads-import-bad-rows-${width}.png` });

      await dialog.getByLabel('CSV file').setInputFiles(file(GOOD));
      await dialog.getByText('3 leads in the file, all ready to import.').waitFor();
      await owner.screenshot({ path: `${SHOTS}/leads-import-ready-${width}.png` });
      await dialog.getByRole('button', { name: 'Import 3 leads' }).click();
      await dialog.getByText('Imported 3 leads. They are in your list now.').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      const row = owner.getByRole('article', { name: 'Maria Lopez' });
      await row.getByText('Source: CSV import').waitFor();
      for (const name of ['Pat Lee', 'Ann Wu']) await owner.getByRole('article', { name }).waitFor();
      expect(owner.errors).toEqual([]);
    });
  }
});
