import { describe, expect, it } from 'vitest';
import { classifyJob, classifyTrade, featuresOf, urgencyOf, type ScorableLead } from './lead-features.ts';
import { fitModel, MIN_CLOSED_LEADS, PRIOR_MODEL, scoreLead, type TrainingExample } from './lead-scoring.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

function lead(overrides: Partial<ScorableLead> = {}): ScorableLead {
  return {
    name: 'Pat Lee',
    service: 'Furnace repair',
    email: 'pat@example.com',
    phone: '555-201-3344',
    priority: 'medium',
    status: 'new',
    engagementLevel: 'unknown',
    createdAt: hoursAgo(2),
    lastContactedAt: null,
    qualifiedAt: null,
    ...overrides,
  };
}
const score = (facts: ScorableLead, model = PRIOR_MODEL) => scoreLead(featuresOf(facts, NOW), facts.status, model);

describe('lead features', () => {
  it('reads the trade and kind of job from the service text', () => {
    expect([classifyTrade('Water heater replacement'), classifyJob('Water heater replacement')]).toEqual([
      'plumbing',
      'installation',
    ]);
    expect([classifyTrade('AC tune-up'), classifyJob('AC tune-up')]).toEqual(['hvac', 'maintenance']);
    expect([classifyTrade('Panel upgrade'), classifyJob('Panel upgrade')]).toEqual(['electrical', 'installation']);
    expect([classifyTrade('Roof leak'), classifyJob('Roof leak')]).toEqual(['roofing', 'repair']);
    expect([classifyTrade('Fence staining'), classifyJob('Fence staining')]).toEqual(['general', 'other']);
  });

  it('urgency is 50 by default and moves with urgent or routine words and priority', () => {
    expect(urgencyOf('Furnace repair', 'medium').score).toBe(50);
    expect(urgencyOf('No heat, need someone ASAP', 'medium')).toEqual({ score: 95, words: ['no heat', 'asap'] });
    expect(urgencyOf('Annual maintenance, no rush', 'low').score).toBe(16);
    expect(urgencyOf('Burst pipe flooding the basement — emergency!', 'high').score).toBe(100);
    // Whole words only: "leakage" is not "leak", "today's" still says today.
    expect(urgencyOf('Leakage check on Bleaker St', 'medium').score).toBe(50);
    expect(urgencyOf("Can you come by today's afternoon", 'medium').score).toBe(65);
  });
});

describe('lead scoring with the priors', () => {
  it('an urgent installation outranks routine maintenance, in score, value and explanation', () => {
    const urgent = score(lead({ service: 'Emergency furnace replacement - no heat', priority: 'high' }));
    const routine = score(lead({ service: 'Annual AC tune-up', priority: 'low' }));
    expect(urgent.leadScore).toBeGreaterThan(routine.leadScore + 25);
    expect(urgent.urgencyScore).toBeGreaterThan(90);
    expect(urgent.predictedValue).toBeGreaterThan(routine.predictedValue * 10);
    expect(urgent.factors).toContainEqual({ label: 'Emergency request ("no heat")', points: expect.any(Number) });
    expect(urgent.factors.find((f) => f.label.startsWith('Emergency'))!.points).toBeGreaterThan(10);
    expect(routine.factors.find((f) => f.label === 'Routine request')!.points).toBeLessThan(0);
    expect(urgent.model).toBe('priors');
  });

  it('stays within range with two-decimal probability and value', () => {
    const s = score(lead());
    expect(s.leadScore).toBeGreaterThanOrEqual(0);
    expect(s.leadScore).toBeLessThanOrEqual(100);
    expect(Number.isInteger(s.leadScore)).toBe(true);
    expect(s.conversionProbability).toBe(Math.round(s.conversionProbability * 100) / 100);
    expect(s.predictedValue).toBe(Math.round(s.predictedValue * 100) / 100);
    expect(s.factors.length).toBeLessThanOrEqual(5);
  });

  it('missing contact details, age and status history move the chance the expected way', () => {
    const base = score(lead()).conversionProbability;
    expect(score(lead({ phone: null, email: null })).conversionProbability).toBeLessThan(base);
    expect(score(lead({ phone: null, email: null })).factors.map((f) => f.label)).toEqual(
      expect.arrayContaining(['No phone number', 'No email address']),
    );
    expect(score(lead({ createdAt: hoursAgo(24 * 40) })).conversionProbability).toBeLessThan(base);
    expect(score(lead({ status: 'contacted', lastContactedAt: hoursAgo(1) })).conversionProbability).toBeGreaterThan(
      base,
    );
    expect(score(lead({ status: 'qualified' })).conversionProbability).toBeGreaterThan(
      score(lead({ status: 'contacted', lastContactedAt: hoursAgo(1) })).conversionProbability,
    );
    expect(score(lead({ engagementLevel: 'high' })).conversionProbability).toBeGreaterThan(base);
  });

  it('a converted or lost lead has a known outcome', () => {
    expect(score(lead({ status: 'converted' }))).toMatchObject({ conversionProbability: 100, predictedValue: 450 });
    expect(score(lead({ status: 'lost' }))).toMatchObject({ conversionProbability: 0, predictedValue: 0 });
  });
});

/** A history where leads without a phone never booked and 3 in 5 with one did (30% overall). */
function history(size: number): TrainingExample[] {
  return Array.from({ length: size }, (_, i) => {
    const hasPhone = i % 2 === 0;
    const facts = lead({
      service: i % 3 ? 'AC repair' : 'Heat pump installation',
      phone: hasPhone ? '555-000-1111' : null,
      createdAt: hoursAgo(24 * (i % 20)),
    });
    return { features: featuresOf(facts, NOW), converted: hasPhone && i % 10 < 6 };
  });
}

describe('learning from the business history', () => {
  it('keeps the priors until there are enough closed leads of both outcomes', () => {
    expect(fitModel(history(MIN_CLOSED_LEADS - 1)).kind).toBe('priors');
    const allWon = history(40).map((e) => ({ ...e, converted: true }));
    expect(fitModel(allWon).kind).toBe('priors');
    expect(fitModel(history(MIN_CLOSED_LEADS)).kind).toBe('history');
  });

  it('a fitted history changes the scores toward what the business saw', () => {
    const model = fitModel(history(60));
    const noPhone = lead({ phone: null });
    const before = score(noPhone);
    const after = score(noPhone, model);
    expect(after.model).toBe('history');
    expect(after.conversionProbability).toBeLessThan(before.conversionProbability - 4);
    expect(after.leadScore).toBeLessThan(before.leadScore);
    expect(score(lead(), model).conversionProbability).toBeGreaterThan(score(lead()).conversionProbability + 10);
    expect(after.factors[0]).toMatchObject({ label: 'No phone number' });
  });

  it('is deterministic: the same history gives the same model and scores', () => {
    const a = fitModel(history(50));
    const b = fitModel(history(50));
    expect(a).toEqual(b);
    expect(score(lead({ phone: null }), a)).toEqual(score(lead({ phone: null }), b));
  });
});
