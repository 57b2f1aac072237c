import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TLeadImportResult } from '@shared/schemas/leads';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { bodyOf, calledUrls, makeLead, openLeads, polyfillPointerCapture } from './leads-test-kit';

beforeAll(polyfillPointerCapture);
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const CSV = 'name,service,location\nMaria Lopez,AC repair,Austin\nDan Reyes,Furnace,Dayton\nAnn Wu,Gutters,Tacoma\n';
const csvFile = (text = CSV, name = 'leads.csv') => new File([text], name, { type: 'text/csv' });
const result = (overrides: Partial<TLeadImportResult> = {}): TLeadImportResult => ({
  rows: 3,
  problems: [],
  ignoredColumns: [],
  imported: 0,
  ...overrides,
});

/** Opens /leads with these answers to the import call, in order, and the Import dialog. */
async function openImport(answers: Response[]) {
  const { fetchMock } = await openLeads([makeLead()], {
    'POST /api/leads/import': () => answers.shift() ?? json(500, {}),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import leads from a CSV file' });
  return { fetchMock, dialog };
}

describe('lead CSV import', { timeout: 20_000 }, () => {
  it('checks the chosen file first, then imports it and refreshes the list', async () => {
    const { fetchMock, dialog } = await openImport([
      json(200, result({ ignoredColumns: ['Assigned To'] })),
      json(200, result({ imported: 3 })),
    ]);
    const importButton = within(dialog).getByRole('button', { name: /^Import/ });
    expect(importButton).toBeDisabled();
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    expect(await within(dialog).findByText('3 leads in the file, all ready to import.')).toBeInTheDocument();
    expect(within(dialog).getByText('Columns not imported: Assigned To')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/leads/import')).toEqual({ csv: CSV });
    const listLoads = calledPaths(fetchMock).filter((p) => p === 'GET /api/leads').length;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 3 leads' }));
    expect(await within(dialog).findByText('Imported 3 leads. They are in your list now.')).toBeInTheDocument();
    expect(calledUrls(fetchMock, 'POST /api/leads/import')).toEqual([
      '/api/leads/import?dryRun=true',
      '/api/leads/import',
    ]);
    expect(calledPaths(fetchMock).filter((p) => p === 'GET /api/leads').length).toBeGreaterThan(listLoads);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names each bad row by its number and reason, and does not offer to import', async () => {
    const { fetchMock, dialog } = await openImport([
      json(
        200,
        result({
          rows: 5,
          problems: [
            { row: 3, name: 'Pat Lee', reasons: ['Please enter a valid email address', 'Service is required'] },
            { row: 6, name: '', reasons: ['Name is required'] },
          ],
        }),
      ),
    ]);
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    expect(
      await within(dialog).findByText(
        '5 leads in the file, 2 rows to fix. Nothing is imported until every row is right.',
      ),
    ).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('list', { name: 'Rows to fix' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Row 3 · Pat LeePlease enter a valid email addressService is required',
      'Row 6Name is required',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import 5 leads' })).toBeDisabled();
    expect(calledUrls(fetchMock, 'POST /api/leads/import')).toEqual(['/api/leads/import?dryRun=true']);
  });

  it('refuses a file over 1 MB before sending it, and shows the server’s reason for a refused file', async () => {
    const { fetchMock, dialog } = await openImport([
      json(400, { message: 'Import at most 5,000 leads at a time; this file has 6,200.', code: 'bad_request' }),
    ]);
    const input = within(dialog).getByLabelText('CSV file');
    await userEvent.upload(input, csvFile(`${CSV}${'x'.repeat(1_000_000)}`, 'huge.csv'));
    expect(await within(dialog).findByText('The CSV file must be 1 MB or smaller.')).toBeInTheDocument();
    expect(calledUrls(fetchMock, 'POST /api/leads/import')).toEqual([]);

    await userEvent.upload(input, csvFile());
    expect(
      await within(dialog).findByText('Import at most 5,000 leads at a time; this file has 6,200.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The CSV file must be 1 MB or smaller.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Import/ })).toBeDisabled();
  });
});
