import { z } from 'zod';
import { zString } from './string.ts';
import { authMessages as m, PASSWORD_MAX_LENGTH, passwordProblem } from '../auth-rules.ts';

// Request and answer shapes of every /api/auth/* call, with the spec's messages.

export const ZRole = z.enum(['user', 'manager', 'admin']);
export type TRole = z.infer<typeof ZRole>;

export const ZEmail = zString({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** A password being set (register, reset, change): the full rules. */
export const ZNewPassword = zString({ error: m.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password being checked (login, current password): only presence and a sane length. */
export const ZGivenPassword = zString({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH * 8, m.passwordTooLong);

export const ZName = (required: string) =>
  zString({ error: required }).trim().min(1, required).max(100, 'Please use at most 100 characters');

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: ZGivenPassword,
  rememberMe: z.boolean().optional().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZNewPassword,
  firstName: ZName(m.firstNameRequired),
  lastName: ZName(m.lastNameRequired),
  /** The business the new tenant is named after; defaults to "{firstName}'s business". */
  businessName: zString().trim().max(120, 'Please use at most 120 characters').optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({
  token: zString({ error: m.resetTokenMissing }).min(1, m.resetTokenMissing).max(200, m.resetTokenMissing),
  password: ZNewPassword,
});
export const ZVerifyEmailRequest = z.object({
  token: zString({ error: m.verifyTokenMissing }).min(1, m.verifyTokenMissing).max(200, m.verifyTokenMissing),
});
export const ZChangePasswordRequest = z.object({
  currentPassword: ZGivenPassword,
  newPassword: ZNewPassword,
});
/** Only the names are read; anything else in the body is ignored. */
export const ZProfileUpdateRequest = z.object({
  firstName: ZName(m.firstNameRequired),
  lastName: ZName(m.lastNameRequired),
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

export const ZTenantMembership = z.object({
  id: zString(),
  role: zString(),
  tenant: z.object({ name: zString(), slug: zString() }),
});

/** GET /api/auth/user and every call that answers "the user". */
export const ZAuthUser = z.object({
  id: zString(),
  email: zString(),
  firstName: zString().nullable(),
  lastName: zString().nullable(),
  /** The role in the tenant this session works in. */
  role: ZRole,
  emailVerified: z.boolean(),
  createdAt: zString(),
  lastLogin: zString().nullable(),
  tenantMemberships: z.array(ZTenantMembership),
  /** True when the session works in the seeded demo business (its figures are made up). */
  demoBusiness: z.boolean().optional(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZMessage = z.object({ message: zString() });
export type TMessage = z.infer<typeof ZMessage>;
