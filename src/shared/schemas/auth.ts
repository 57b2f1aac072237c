import { z } from 'zod';
import { authMessages as m, PASSWORD_MAX_LENGTH, passwordProblem } from '../auth-rules.ts';

// Request and answer shapes of every /api/auth/* call (spec-1 §7), with the spec's messages.

export const ZRole = z.enum(['user', 'manager', 'admin']);
export type TRole = z.infer<typeof ZRole>;

const ZEmail = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** A password being set (register, reset, change): the full rules. */
export const ZNewPassword = z.string({ error: m.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password being checked (login, current password): only presence and a sane length. */
const ZGivenPassword = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH * 8, m.passwordTooLong);

const ZName = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, 'Please use at most 100 characters');

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
  businessName: z.string().trim().max(120, 'Please use at most 120 characters').optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({
  token: z.string({ error: m.resetTokenMissing }).min(1, m.resetTokenMissing).max(200, m.resetTokenMissing),
  password: ZNewPassword,
});
export const ZVerifyEmailRequest = z.object({
  token: z.string({ error: m.verifyTokenMissing }).min(1, m.verifyTokenMissing).max(200, m.verifyTokenMissing),
});
export const ZChangePasswordRequest = z.object({
  currentPassword: ZGivenPassword,
  newPassword: ZNewPassword,
});
/** Only the names are read; anything else in the body is ignored (spec-1 §5). */
export const ZProfileUpdateRequest = z.object({
  firstName: ZName(m.firstNameRequired),
  lastName: ZName(m.lastNameRequired),
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

export const ZTenantMembership = z.object({
  id: z.string(),
  role: z.string(),
  tenant: z.object({ name: z.string(), slug: z.string() }),
});
export type TTenantMembership = z.infer<typeof ZTenantMembership>;

/** GET /api/auth/user and every call that answers "the user". */
export const ZAuthUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The role in the tenant this session works in. */
  role: ZRole,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  tenantMemberships: z.array(ZTenantMembership),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
