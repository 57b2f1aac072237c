import { describe, expect, it } from 'vitest';
import { keepNext, nextPath } from './next-path';

describe('nextPath', () => {
  it('goes to an internal ?next= path, else the dashboard', () => {
    expect(nextPath('?next=/onboarding')).toBe('/onboarding');
    expect(nextPath('')).toBe('/dashboard');
    expect(nextPath('?message=x')).toBe('/dashboard');
  });

  it('never sends anyone to another site', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'onboarding',
    ]) {
      expect(nextPath(`?next=${encodeURIComponent(bad)}`)).toBe('/dashboard');
    }
  });

  it('keepNext carries ?next= to the other form', () => {
    expect(keepNext('/register', '?next=/onboarding')).toBe('/register?next=%2Fonboarding');
    expect(keepNext('/register', '')).toBe('/register');
  });
});
