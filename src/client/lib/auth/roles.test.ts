import { describe, expect, it } from 'vitest';
import { hasRole, roleRank } from './roles';

describe('roleRank', () => {
  it('ranks user 0, manager 1, admin 2', () => {
    expect(roleRank('user')).toBe(0);
    expect(roleRank('manager')).toBe(1);
    expect(roleRank('admin')).toBe(2);
  });

  it('counts an unknown, missing or prototype-named role as 0', () => {
    expect(roleRank('member')).toBe(0);
    expect(roleRank('owner')).toBe(0);
    expect(roleRank('')).toBe(0);
    expect(roleRank(null)).toBe(0);
    expect(roleRank(undefined)).toBe(0);
    expect(roleRank('toString')).toBe(0);
  });
});

describe('hasRole', () => {
  it('lets a role through when it is at least the required one', () => {
    expect(hasRole('admin', 'manager')).toBe(true);
    expect(hasRole('manager', 'manager')).toBe(true);
    expect(hasRole('user', 'manager')).toBe(false);
    expect(hasRole('member', 'admin')).toBe(false);
  });

  it('requires user by default, which every signed-in role meets', () => {
    expect(hasRole('member')).toBe(true);
    expect(hasRole(undefined)).toBe(true);
  });
});
