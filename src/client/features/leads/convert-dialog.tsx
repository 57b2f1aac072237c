import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Trophy } from 'lucide-react';
import type { TLead } from '@shared/schemas/leads';
import { JOB_VALUE_MAX, JOB_VALUE_MESSAGES } from '@shared/leads';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney } from './lead-format';
import type { ConvertState } from './use-lead-actions';

/** The predicted value as the field starts: whole dollars, or cents when it has them. */
export function startingValue(lead: TLead): string {
  const v = lead.predictedValue;
  if (v === null || !Number.isFinite(v) || v < 0) return '';
  return String(Math.round(v * 100) / 100);
}

/** The typed value in dollars ("$1,350.50" → 1350.5), or the message saying what is wrong. */
export function parseJobValue(typed: string): { value: number } | { error: string } {
  const cleaned = typed.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (cleaned === '') return { error: 'Enter what the job was worth, e.g. 450.' };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { error: `${JOB_VALUE_MESSAGES.notANumber}, e.g. 450.` };
  const value = Number(cleaned);
  if (value < 0) return { error: `${JOB_VALUE_MESSAGES.negative}.` };
  if (value > JOB_VALUE_MAX) return { error: `${JOB_VALUE_MESSAGES.tooLarge}: at most ${formatMoney(JOB_VALUE_MAX)}.` };
  return { value: Math.round(value * 100) / 100 };
}

/**
 * Convert with the job's value: the field starts at the lead's predicted value; what the owner
 * types is checked here and by the server, and stays in the field when either refuses it. The
 * value feeds Revenue by source on the AI Coach.
 */
export default function ConvertDialog({ converting }: { converting: ConvertState }) {
  const { lead } = converting;
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => (open ? undefined : converting.close())}>
      <DialogContent>
        {/* Keyed by lead: each lead in the dialog starts from its own predicted value. */}
        {lead ? <ConvertForm key={lead.id} lead={lead} converting={converting} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ConvertForm({ lead, converting }: { lead: TLead; converting: ConvertState }) {
  const id = useId();
  const [typed, setTyped] = useState(() => startingValue(lead));
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (converting.pending) return;
    const parsed = parseJobValue(typed);
    if ('error' in parsed) {
      setError(parsed.error);
      document.getElementById(`${id}-value`)?.focus();
      return;
    }
    setError(undefined);
    converting.confirm(lead, parsed.value, (message) => setError(message));
  }

  const errorId = error ? `${id}-value-error` : undefined;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Convert {lead.name}</DialogTitle>
        <DialogDescription>
          Mark {lead.service} in {lead.location} as a won job. Its value counts in Revenue by source.
        </DialogDescription>
      </DialogHeader>
      <form noValidate aria-label="Convert lead" onSubmit={onSubmit} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-value`}>Job value</Label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
            >
              $
            </span>
            <Input
              id={`${id}-value`}
              inputMode="decimal"
              autoComplete="off"
              className="pl-7"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={[errorId, `${id}-value-hint`].filter(Boolean).join(' ')}
            />
          </div>
          <p id={`${id}-value-hint`} className="text-xs text-slate-600">
            {lead.predictedValue !== null
              ? `Predicted ${formatMoney(lead.predictedValue)}. Change it to what the job was actually worth.`
              : 'What the job was worth, in dollars.'}
          </p>
          <FieldError id={errorId} message={error} />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={converting.close}>
            Cancel
          </Button>
          <Button type="submit" disabled={converting.pending} aria-busy={converting.pending || undefined}>
            {converting.pending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Trophy aria-hidden="true" />
            )}
            Convert Lead
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
