import { describe, expect, it } from 'vitest';
import {
  findPlan,
  FREE_TRIAL_DAYS,
  PLANS,
  pricePerMonth,
  YEARLY_DISCOUNT_LABEL,
  yearlySavings,
  yearlyTotal,
} from './plans';

describe('subscription plans', () => {
  it('are Starter, Professional and Enterprise at 49 / 99 / 199 monthly and 39 / 79 / 159 yearly', () => {
    expect(PLANS.map((p) => [p.name, p.monthlyPrice, p.yearlyPrice])).toEqual([
      ['Starter', 49, 39],
      ['Professional', 99, 79],
      ['Enterprise', 199, 159],
    ]);
  });

  it('marks Professional as the most popular and Enterprise as a contact-sales plan', () => {
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(['professional']);
    expect(PLANS.filter((p) => p.contactSales).map((p) => p.id)).toEqual(['enterprise']);
  });

  it('include 50 AI posts and 2 members on Starter, unlimited posts and 10 members on Professional, unlimited members on Enterprise', () => {
    expect(findPlan('starter')).toMatchObject({ aiPostsPerMonth: 50, teamMembers: 2 });
    expect(findPlan('professional')).toMatchObject({ aiPostsPerMonth: null, teamMembers: 10 });
    expect(findPlan('enterprise')).toMatchObject({ teamMembers: null });
    expect(findPlan('starter').features).toContain('50 AI posts a month');
    expect(findPlan('professional').features).toContain('Unlimited AI posts');
    expect(findPlan('enterprise').features).toContain('Unlimited team members');
  });

  it('save 12 × (monthly − yearly) a year on yearly billing', () => {
    expect(yearlySavings(findPlan('starter'))).toBe(120);
    expect(yearlySavings(findPlan('professional'))).toBe(240);
    expect(yearlySavings(findPlan('enterprise'))).toBe(480);
    expect(yearlySavings({ monthlyPrice: 10, yearlyPrice: 10 })).toBe(0);
  });

  it('shows the monthly or the yearly per-month price for the chosen cycle', () => {
    const pro = findPlan('professional');
    expect(pricePerMonth(pro, 'monthly')).toBe(99);
    expect(pricePerMonth(pro, 'yearly')).toBe(79);
    expect(yearlyTotal(pro)).toBe(948);
  });

  it('justify the "Save 20%" badge: every yearly price is about 20% off (within a point)', () => {
    expect(YEARLY_DISCOUNT_LABEL).toBe('Save 20%');
    for (const plan of PLANS) {
      const discount = 1 - plan.yearlyPrice / plan.monthlyPrice;
      expect(Math.abs(discount - 0.2)).toBeLessThan(0.01);
    }
  });

  it('come with a 14-day free trial', () => {
    expect(FREE_TRIAL_DAYS).toBe(14);
  });

  it('throw for an unknown plan id', () => {
    expect(() => findPlan('gold' as never)).toThrow(/Unknown plan/);
  });
});
