import { useState } from 'react';
import { fieldErrorsOf, type FieldErrors } from '@/lib/api';
import type { Checked } from './check-schema';

/**
 * A small form: the typed values and one error per field. Editing a field clears that
 * field's error and only that one.
 */
export function useFormFields<T extends { [K in keyof T]: string | boolean }>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  function setField<K extends keyof T & string>(name: K, value: T[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }

  return { values, setValues, setField, errors, setErrors };
}

/** Moves focus to the first field that has an error, so a keyboard or screen-reader user lands on it. */
export function focusFirstError(idPrefix: string, order: readonly string[], errors: FieldErrors): void {
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
}

/**
 * The submit step every form shares: with errors, show them and focus the first; otherwise
 * clear them and `send`, whose failure puts the server's per-field messages under their fields.
 */
export function sendIfValid<D>(
  checked: Checked<D>,
  form: { idPrefix: string; order: readonly string[]; setErrors: (errors: FieldErrors) => void },
  send: (data: D, onError: (error: unknown) => void) => void,
): void {
  if (!checked.ok) {
    form.setErrors(checked.errors);
    focusFirstError(form.idPrefix, form.order, checked.errors);
    return;
  }
  form.setErrors({});
  send(checked.data, (error) => form.setErrors(fieldErrorsOf(error)));
}
