import type { z } from 'zod';
import type { FieldErrors } from '@/lib/api';

/** A form's values after the client-side check: the data to send, or one message per field. */
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** The first message per top-level field. */
export function firstErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Values checked by a shared schema before anything is sent, so the user sees the message the
 * server would send: its output, or the first message per field.
 */
export function checkSchema<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: firstErrors(parsed.error) };
}

/** `data` when no field has an error. */
export function checkedFrom<T>(errors: FieldErrors, data: T | undefined): Checked<T> {
  if (Object.keys(errors).length > 0 || data === undefined) return { ok: false, errors };
  return { ok: true, data };
}
