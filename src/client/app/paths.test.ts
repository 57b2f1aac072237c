import { describe, expect, it } from 'vitest';
import { isAuthPath } from './paths';
import { isSignedInPath } from './signed-in/routes';

describe('route classification', () => {
  it('treats the feature sections, /felix, /app, /reports, /seo and /subscribe as signed-in', () => {
    for (const path of [
      '/dashboard',
      '/social',
      '/leads',
      '/reviews',
      '/analytics',
      '/keywords',
      '/website',
      '/ai-coach',
      '/settings',
      '/felix',
      '/app',
      '/reports',
      '/seo',
      '/subscribe',
    ]) {
      expect(isSignedInPath(path), path).toBe(true);
    }
    for (const path of ['/', '/landing', '/pricing', '/godaddy', '/login', '/leads-old']) {
      expect(isSignedInPath(path), path).toBe(false);
    }
  });

  it('recognises the sign-in screens, with or without a token', () => {
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/reset-password/abc',
      '/verify-email',
      '/verify-email/xyz',
    ]) {
      expect(isAuthPath(path), path).toBe(true);
    }
    for (const path of ['/', '/loginx', '/reset-password/a/b', '/dashboard']) {
      expect(isAuthPath(path), path).toBe(false);
    }
  });

  it('puts the terms and privacy pages in the auth layout, and nothing under them', () => {
    expect(isAuthPath('/terms')).toBe(true);
    expect(isAuthPath('/privacy')).toBe(true);
    for (const path of ['/terms/x', '/privacyx', '/term', '/legal']) {
      expect(isAuthPath(path), path).toBe(false);
    }
    expect(isSignedInPath('/terms')).toBe(false);
    expect(isSignedInPath('/privacy')).toBe(false);
  });
});
