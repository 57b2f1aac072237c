import type { z } from 'zod';
import { authMessages, passwordProblem } from '@shared/auth-rules';
import { ZForgotPasswordRequest, ZLoginRequest, ZRegisterRequest } from '@shared/schemas/auth';
import type { FieldErrors } from '@/lib/api';

// Client-side checks of the auth form (spec-1 §5) with the shared schemas, so the user sees
// the same message the server would send, before anything is sent.

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** The first message per top-level field. */
function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

function confirmProblem(password: string, confirmPassword: string): string | null {
  return password === confirmPassword ? null : authMessages.passwordsDoNotMatch;
}

function done<T>(errors: FieldErrors, data: T | undefined): Checked<T> {
  if (Object.keys(errors).length > 0 || data === undefined) return { ok: false, errors };
  return { ok: true, data };
}

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Values checked by a shared schema: its output, or the first message per field. */
export function checkSchema<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}

export function checkLogin(values: LoginValues): Checked<z.output<typeof ZLoginRequest>> {
  return checkSchema(ZLoginRequest, values);
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export function checkRegister(values: RegisterValues): Checked<z.output<typeof ZRegisterRequest>> {
  const { confirmPassword, acceptTerms, businessName, ...rest } = values;
  const parsed = ZRegisterRequest.safeParse({ ...rest, businessName: businessName.trim() || undefined });
  const errors = parsed.success ? {} : errorsOf(parsed.error);
  const mismatch = confirmProblem(values.password, confirmPassword);
  if (mismatch) errors.confirmPassword = mismatch;
  if (!acceptTerms) errors.acceptTerms = authMessages.acceptTerms;
  return done(errors, parsed.success ? parsed.data : undefined);
}

export function checkForgotPassword(values: { email: string }): Checked<z.output<typeof ZForgotPasswordRequest>> {
  return checkSchema(ZForgotPasswordRequest, values);
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export function checkNewPassword(values: NewPasswordValues): Checked<{ password: string }> {
  const errors: FieldErrors = {};
  const problem = passwordProblem(values.password);
  if (problem) errors.password = problem;
  const mismatch = confirmProblem(values.password, values.confirmPassword);
  if (mismatch) errors.confirmPassword = mismatch;
  return done(errors, { password: values.password });
}

/** Settings → change password: the new password's rules and the confirmation (spec-1 §5). */
export function checkChangePassword(values: { currentPassword: string; newPassword: string; confirmPassword: string }): Checked<{
  currentPassword: string;
  newPassword: string;
}> {
  const checked = checkNewPassword({ password: values.newPassword, confirmPassword: values.confirmPassword });
  if (checked.ok) return { ok: true, data: { currentPassword: values.currentPassword, newPassword: values.newPassword } };
  const { password, ...rest } = checked.errors;
  return { ok: false, errors: { ...rest, ...(password ? { newPassword: password } : {}) } };
}
