import { describe, expect, it } from 'vitest';
import { checkNewPassword } from '@/lib/auth/password-checks';
import { checkForgotPassword, checkLogin, checkRegister, type RegisterValues } from './auth-validation';

const validRegister: RegisterValues = {
  firstName: ' Dana ',
  lastName: 'Brooks',
  businessName: '',
  email: ' Dana@Example.com ',
  password: 'Furnace@2024',
  confirmPassword: 'Furnace@2024',
  acceptTerms: true,
};

describe('auth form checks', () => {
  it('normalises a valid login and keeps remember me', () => {
    expect(checkLogin({ email: ' Dana@Example.COM', password: 'x', rememberMe: true })).toEqual({
      ok: true,
      data: { email: 'dana@example.com', password: 'x', rememberMe: true },
    });
  });

  it('asks only for presence of the password on login', () => {
    expect(checkLogin({ email: 'a@b.co', password: 'short', rememberMe: false }).ok).toBe(true);
    expect(checkLogin({ email: '', password: '', rememberMe: false })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('trims names, drops an empty business name and lower-cases the email on register', () => {
    expect(checkRegister(validRegister)).toEqual({
      ok: true,
      data: { firstName: 'Dana', lastName: 'Brooks', email: 'dana@example.com', password: 'Furnace@2024' },
    });
    const withBusiness = checkRegister({ ...validRegister, businessName: ' Brooks Heating ' });
    expect(withBusiness.ok && withBusiness.data.businessName).toBe('Brooks Heating');
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: 'dana@' }, 'email', 'Please enter a valid email address'],
    [{ password: 'Aa1@', confirmPassword: 'Aa1@' }, 'password', 'Password must be at least 8 characters long'],
    [
      { password: 'Furnace2024', confirmPassword: 'Furnace2024' },
      'password',
      'Password must include uppercase, lowercase, number, and special character',
    ],
    [{ confirmPassword: 'Furnace@2025' }, 'confirmPassword', 'Passwords do not match'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must accept the terms and conditions'],
  ] as const)('register: %o -> %s', (change, field, message) => {
    const result = checkRegister({ ...validRegister, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ [field]: message });
  });

  it('checks the forgot-password email', () => {
    expect(checkForgotPassword({ email: '' })).toEqual({ ok: false, errors: { email: 'Email is required' } });
    expect(checkForgotPassword({ email: 'Dana@Example.com' })).toEqual({
      ok: true,
      data: { email: 'dana@example.com' },
    });
  });

  it('checks a new password and its confirmation', () => {
    expect(checkNewPassword({ password: '', confirmPassword: '' })).toEqual({
      ok: false,
      errors: { password: 'Password is required' },
    });
    expect(checkNewPassword({ password: 'Furnace@2024', confirmPassword: '' })).toEqual({
      ok: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
    expect(checkNewPassword({ password: 'Furnace@2024', confirmPassword: 'Furnace@2024' })).toEqual({
      ok: true,
      data: { password: 'Furnace@2024' },
    });
  });
});
