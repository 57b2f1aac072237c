import { useState } from 'react';
import type { TImportResponse } from '@shared/schemas/social';
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
import { useImportPosts } from './social-api';

/** Bulk import: choose a CSV, see each row checked (nothing saved), then import all of it or nothing. */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<TImportResponse | null>(null);
  const check = useImportPosts();
  const save = useImportPosts();
  const bad = preview?.rows.filter((r) => r.problems.length > 0) ?? [];
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    check.mutate({ csv: text, dryRun: true }, { onSuccess: setPreview, onError: () => setPreview(null) });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import posts from CSV</DialogTitle>
          <DialogDescription>
            Columns: text, platforms (facebook;linkedin), date (2026-04-30), time (09:00) and optional image_url. Every
            row is checked before anything is saved.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {check.isPending && <p className="text-sm text-slate-600">Checking…</p>}
          {(check.error ?? save.error) && (
            <FormAlert tone="error">{errorMessage(check.error ?? save.error, 'Could not import the file.')}</FormAlert>
          )}
          {save.data && <FormAlert tone="success">Imported {save.data.imported} posts.</FormAlert>}
          {preview && !save.data && (
            <ul aria-label="Rows" className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {preview.rows.map((row) => (
                <li key={row.line} className="p-2">
                  <p className="font-medium">
                    Line {row.line}: {row.platforms.join(', ') || '—'}
                  </p>
                  <p className="truncate text-slate-600">{row.text}</p>
                  {row.problems.map((p) => (
                    <p key={p} className="text-red-700">
                      {p}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={!preview || bad.length > 0 || save.isPending || Boolean(save.data)}
            onClick={() => save.mutate({ csv, dryRun: false })}
          >
            {bad.length > 0
              ? `${bad.length} row${bad.length === 1 ? '' : 's'} to fix`
              : `Import ${preview?.rows.length ?? 0} rows`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
