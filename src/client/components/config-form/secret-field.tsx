import { useEffect, useRef, useState } from 'react';
import type { TSecretState } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';

export const KEEP_SECRET_NOTE = 'Stored encrypted and never shown again. Leave it as it is to keep the current one.';
const REPLACING_NOTE = 'Type the new value. Leaving this empty keeps the current one.';

interface SecretFieldProps {
  id: string;
  label: string;
  state: TSecretState;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Shown when nothing is stored yet. */
  hint?: string;
}

/**
 * A write-only secret. A stored secret is never sent back, so the field shows only its mask
 * ("••••••••wxyz") until Replace is pressed; an untouched field sends '' and the server keeps
 * the stored value. While masked the input is read-only, so a password manager cannot
 * overwrite the stored secret by filling it in.
 */
export function SecretField({ id, label, state, value, onChange, error, hint }: SecretFieldProps) {
  const [replacing, setReplacing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editable = !state.isSet || replacing;
  const note = !state.isSet ? hint : replacing ? REPLACING_NOTE : KEEP_SECRET_NOTE;
  const noteId = note ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, noteId].filter(Boolean).join(' ') || undefined;

  useEffect(() => {
    if (replacing) inputRef.current?.focus();
  }, [replacing]);

  const shared = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          {editable ? (
            <PasswordInput
              {...shared}
              ref={inputRef}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              autoComplete="new-password"
              spellCheck={false}
              placeholder={state.isSet ? 'New value' : undefined}
            />
          ) : (
            <Input
              {...shared}
              value=""
              readOnly
              placeholder={state.hint ?? '••••••••'}
              autoComplete="off"
              className="bg-slate-50 font-mono tracking-wider"
            />
          )}
        </div>
        {state.isSet ? (
          <Button
            variant="outline"
            aria-label={replacing ? `Keep the current ${label.toLowerCase()}` : `Replace ${label.toLowerCase()}`}
            onClick={() => {
              if (replacing) onChange('');
              setReplacing(!replacing);
            }}
          >
            {replacing ? 'Cancel' : 'Replace'}
          </Button>
        ) : null}
      </div>
      {note ? (
        <p id={noteId} className="text-xs text-slate-600">
          {note}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
