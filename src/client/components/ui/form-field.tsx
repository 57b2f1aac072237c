import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { PasswordInput } from './password-input';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Renders a password input with a show/hide toggle. */
  password?: boolean;
  /** Classes for the input itself (`className` goes to the field's wrapper). */
  inputClassName?: string;
}

/** The email input's settings: the right keyboard on a phone, no autocorrect or capitals. */
export const EMAIL_INPUT = {
  label: 'Email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const satisfies Partial<TextFieldProps>;

/** A labelled input with its hint and its error underneath, wired for assistive tech. */
export function TextField({
  id,
  label,
  error,
  hint,
  password = false,
  className,
  inputClassName,
  ...inputProps
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClassName,
    ...inputProps,
  };

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {password ? <PasswordInput {...shared} /> : <Input {...shared} />}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ id, label, error, className, ...inputProps }: CheckboxFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm leading-5 text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
