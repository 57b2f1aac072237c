import type { z } from 'zod';
import { authMessages } from '@shared/auth-rules';
// eslint-disable-next-line no-restricted-imports -- the sign-in pages validate as the user types (their chunk is not a signed-in page's)
import { ZForgotPasswordRequest, ZLoginRequest, ZRegisterRequest } from '@shared/schemas/auth';
import { checkedFrom, checkSchema, firstErrors, type Checked } from '@/components/form/check-schema';
import { confirmProblem } from '@/lib/auth/password-checks';

// Client-side checks of the sign-in forms with the shared schemas, so the user sees the same
// message the server would send, before anything is sent.

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
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
  const errors = parsed.success ? {} : firstErrors(parsed.error);
  const mismatch = confirmProblem(values.password, confirmPassword);
  if (mismatch) errors.confirmPassword = mismatch;
  if (!acceptTerms) errors.acceptTerms = authMessages.acceptTerms;
  return checkedFrom(errors, parsed.success ? parsed.data : undefined);
}

export function checkForgotPassword(values: { email: string }): Checked<z.output<typeof ZForgotPasswordRequest>> {
  return checkSchema(ZForgotPasswordRequest, values);
}
