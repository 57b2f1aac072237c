import { useId, useState } from 'react';
import type { TLeadImportResult } from '@shared/schemas/leads';
import { LEAD_IMPORT_MAX_CHARS, LEAD_IMPORT_MAX_ROWS, LEAD_IMPORT_MESSAGES } from '@shared/leads';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useImportLeads } from './leads-api';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * Lead CSV import (its own chunk, loaded with the first click): choose a file, see every row
 * checked with the bad ones named by row number (nothing saved yet), then import all or nothing.
 */
export default function ImportLeadsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TLeadImportResult | null>(null);
  const check = useImportLeads();
  const save = useImportLeads();
  const choose = async (file: File | undefined) => {
    setPreview(null);
    setFileError(null);
    check.reset();
    save.reset();
    if (!file) return;
    if (file.size > LEAD_IMPORT_MAX_CHARS) return setFileError(LEAD_IMPORT_MESSAGES.tooLarge);
    const text = await file.text();
    setCsv(text);
    check.mutate({ csv: text, dryRun: true }, { onSuccess: setPreview });
  };
  const callError = check.error ?? save.error;
  const failure =
    fileError ?? (callError ? errorMessage(callError, 'Could not import the file. Please try again.') : null);
  const bad = preview?.problems.length ?? 0;
  const ready = preview !== null && bad === 0;
  return (
    <Dialog open={open} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import leads from a CSV file</DialogTitle>
          <DialogDescription>
            The first row names the columns: name, service and location, and optionally email, phone, notes, value (of a
            converted job), status, source and priority. Up to {LEAD_IMPORT_MAX_ROWS.toLocaleString('en-US')} leads and
            1 MB. Every row is checked before anything is saved.
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0 space-y-3">
          <Label htmlFor={`${id}-file`}>CSV file</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {check.isPending && (
            <p role="status" className="text-sm text-slate-600">
              Checking the file…
            </p>
          )}
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          {save.data && (
            <FormAlert tone="success">
              Imported {plural(save.data.imported, 'lead')}. They are in your list now.
            </FormAlert>
          )}
          {preview && !save.data && (
            <div className="space-y-2 text-sm">
              <p className="font-medium text-slate-900">
                {plural(preview.rows, 'lead')} in the file
                {bad > 0
                  ? `, ${plural(bad, 'row')} to fix. Nothing is imported until every row is right.`
                  : ', all ready to import.'}
              </p>
              {preview.ignoredColumns.length > 0 && (
                <p className="text-slate-600">Columns not imported: {preview.ignoredColumns.join(', ')}</p>
              )}
              {bad > 0 && (
                <ul
                  aria-label="Rows to fix"
                  className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
                >
                  {preview.problems.map((p) => (
                    <li key={p.row} className="p-2">
                      <p className="font-medium break-words text-slate-900">
                        Row {p.row}
                        {p.name ? ` · ${p.name}` : ''}
                      </p>
                      {p.reasons.map((reason) => (
                        <p key={reason} className="break-words text-red-700">
                          {reason}
                        </p>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {save.data ? 'Done' : 'Cancel'}
          </Button>
          {!save.data && (
            <Button disabled={!ready || save.isPending} onClick={() => save.mutate({ csv, dryRun: false })}>
              {save.isPending ? 'Importing…' : `Import ${plural(preview?.rows ?? 0, 'lead')}`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
