import { authMessages, passwordProblem } from '@shared/auth-rules';
import { checkedFrom, type Checked } from '@/components/form/check-schema';
import type { FieldErrors } from '@/lib/api';

/** The confirmation must repeat the password exactly. */
export function confirmProblem(password: string, confirmPassword: string): string | null {
  return password === confirmPassword ? null : authMessages.passwordsDoNotMatch;
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password (reset link or settings): the shared password rules and the confirmation. */
export function checkNewPassword(values: NewPasswordValues): Checked<{ password: string }> {
  const errors: FieldErrors = {};
  const problem = passwordProblem(values.password);
  if (problem) errors.password = problem;
  const mismatch = confirmProblem(values.password, values.confirmPassword);
  if (mismatch) errors.confirmPassword = mismatch;
  return checkedFrom(errors, { password: values.password });
}

/** Settings → change password: the new password's rules and the confirmation. */
export function checkChangePassword(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Checked<{
  currentPassword: string;
  newPassword: string;
}> {
  const checked = checkNewPassword({ password: values.newPassword, confirmPassword: values.confirmPassword });
  if (checked.ok)
    return { ok: true, data: { currentPassword: values.currentPassword, newPassword: values.newPassword } };
  const { password, ...rest } = checked.errors;
  return { ok: false, errors: { ...rest, ...(password ? { newPassword: password } : {}) } };
}
