import type { TLeadStatus, TScoreFactor } from '#shared/schemas/leads.ts';
import type { JobClass, LeadFeatures, Trade } from './lead-features.ts';

// The lead scoring model (docs/decisions/007-lead-scoring.md): a logistic model of the chance a
// lead converts. Before a business has enough closed leads it uses documented priors per
// trade; after, a regularised logistic regression fitted on that business's own converted and
// lost leads. Pure and deterministic: the same leads give the same scores.

/** Enough history to learn from: closed leads, and of each outcome. */
export const MIN_CLOSED_LEADS = 30;
export const MIN_PER_OUTCOME = 5;

/** Base conversion rate per trade for a complete, fresh, ordinary lead (industry rule of thumb). */
export const BASE_RATE: Record<Trade, number> = {
  hvac: 0.3,
  plumbing: 0.34,
  electrical: 0.3,
  roofing: 0.2,
  general: 0.25,
};

// One weight per feature, in log-odds. Each row also says how the feature is explained.
interface FeatureDef {
  key: string;
  prior: number;
  value: (f: LeadFeatures) => number;
  label: (f: LeadFeatures) => string;
}

const money = (n: number) => `$${n.toLocaleString('en-US')}`;
const ENGAGEMENT_VALUE = { unknown: 0, low: -1, medium: 0.5, high: 1 } as const;
const JOB_LABEL: Record<JobClass, string> = {
  installation: 'Installation or replacement job',
  repair: 'Repair job',
  maintenance: 'Routine maintenance',
  other: 'Other job',
};

const FEATURES: FeatureDef[] = [
  // Installations are bigger decisions (more quotes compared); repairs must be fixed.
  { key: 'installation', prior: -0.25, value: (f) => Number(f.job === 'installation'), label: (f) => JOB_LABEL[f.job] },
  { key: 'repair', prior: 0.35, value: (f) => Number(f.job === 'repair'), label: (f) => JOB_LABEL[f.job] },
  { key: 'maintenance', prior: 0.15, value: (f) => Number(f.job === 'maintenance'), label: (f) => JOB_LABEL[f.job] },
  {
    key: 'urgency',
    prior: 1.1,
    value: (f) => (f.urgency.score - 50) / 50,
    label: (f) =>
      f.urgency.score >= 75
        ? `Emergency request${f.urgency.words[0] ? ` ("${f.urgency.words[0]}")` : ''}`
        : f.urgency.score > 50
          ? 'Urgent request'
          : 'Routine request',
  },
  { key: 'noPhone', prior: -0.7, value: (f) => Number(!f.hasPhone), label: () => 'No phone number' },
  { key: 'noEmail', prior: -0.25, value: (f) => Number(!f.hasEmail), label: () => 'No email address' },
  // Interest fades: a lead loses about 0.6 log-odds per month of waiting, up to two months.
  {
    key: 'age',
    prior: -0.6,
    value: (f) => Math.min(f.ageDays, 60) / 30,
    label: (f) => `${Math.floor(f.ageDays)} days old`,
  },
  { key: 'contacted', prior: 0.35, value: (f) => Number(f.contacted), label: () => 'Already contacted' },
  { key: 'qualified', prior: 1.0, value: (f) => Number(f.qualified), label: () => 'Qualified' },
  {
    key: 'engagement',
    prior: 0.6,
    value: (f) => ENGAGEMENT_VALUE[f.engagement],
    label: (f) => `${f.engagement[0]?.toUpperCase()}${f.engagement.slice(1)} engagement`,
  },
];

export type ScoreModel = { kind: 'priors' } | { kind: 'history'; bias: number; weights: number[]; trainedOn: number };
export const PRIOR_MODEL: ScoreModel = { kind: 'priors' };

export interface LeadScore {
  leadScore: number;
  urgencyScore: number;
  /** Percent, two decimals. */
  conversionProbability: number;
  /** Expected revenue in dollars (probability × typical ticket), two decimals. */
  predictedValue: number;
  factors: TScoreFactor[];
  model: 'priors' | 'history';
}

/** Share of the score from the conversion chance; the rest from the size of the job. */
const PROBABILITY_POINTS = 70;
const VALUE_POINTS = 30;
const TOP_FACTORS = 5;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));
const round2 = (n: number) => Math.round(n * 100) / 100;
const vector = (f: LeadFeatures) => FEATURES.map((d) => d.value(f));

/** A $100 job scores 0 value points, a $15,000 one the full 30 (log scale). */
function valueShare(ticket: number): number {
  return Math.max(0, Math.min(1, Math.log(ticket / 100) / Math.log(150)));
}

function weightsOf(model: ScoreModel): { bias: number; weights: number[] } {
  return model.kind === 'history' ? model : { bias: 0, weights: FEATURES.map((d) => d.prior) };
}

/** Scores one lead. Converted and lost leads have a known outcome: 100% and 0%. */
export function scoreLead(f: LeadFeatures, status: TLeadStatus, model: ScoreModel = PRIOR_MODEL): LeadScore {
  const { bias, weights } = weightsOf(model);
  const x = vector(f);
  const parts = x.map((v, i) => v * (weights[i] ?? 0));
  const z = logit(BASE_RATE[f.trade]) + bias + parts.reduce((a, b) => a + b, 0);
  const known = status === 'converted' ? 1 : status === 'lost' ? 0 : null;
  const p = known ?? sigmoid(z);

  const value = VALUE_POINTS * valueShare(f.ticket);
  const factors: TScoreFactor[] = [{ label: `Typical ticket ${money(f.ticket)}`, points: Math.round(value) }];
  if (known === null) {
    // Each feature's points: how much lower the score would be without it (the rest held).
    parts.forEach((part, i) => {
      const def = FEATURES[i];
      if (!def || part === 0) return;
      factors.push({ label: def.label(f), points: Math.round(PROBABILITY_POINTS * (p - sigmoid(z - part))) });
    });
  } else {
    factors.push({
      label: known ? 'Converted: outcome known' : 'Lost: outcome known',
      points: Math.round(PROBABILITY_POINTS * (p - sigmoid(z))),
    });
  }

  return {
    leadScore: Math.max(0, Math.min(100, Math.round(PROBABILITY_POINTS * p + value))),
    urgencyScore: f.urgency.score,
    conversionProbability: round2(100 * p),
    predictedValue: round2(p * f.ticket),
    factors: mergeFactors(factors)
      .filter((fa) => fa.points !== 0)
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.label.localeCompare(b.label))
      .slice(0, TOP_FACTORS),
    model: model.kind,
  };
}

/** The job-kind one-hots share a label; show them as one factor. */
function mergeFactors(factors: TScoreFactor[]): TScoreFactor[] {
  const byLabel = new Map<string, number>();
  for (const f of factors) byLabel.set(f.label, (byLabel.get(f.label) ?? 0) + f.points);
  return [...byLabel].map(([label, points]) => ({ label, points }));
}

export interface TrainingExample {
  features: LeadFeatures;
  converted: boolean;
}

/** Strength of the pull toward the priors, in pseudo-observations: small histories stay close to them. */
const PRIOR_STRENGTH = 4;
const NEWTON_STEPS = 25;

/**
 * Fits the business's own model, or answers the priors when there is not enough history.
 * Maximises the log-likelihood with an L2 penalty toward the prior weights (a Gaussian prior) by
 * a fixed number of Newton steps from the priors: no randomness, so the same history gives the
 * same model. The penalty also keeps the job-kind one-hots identifiable next to the bias.
 */
export function fitModel(examples: TrainingExample[]): ScoreModel {
  const wins = examples.filter((e) => e.converted).length;
  if (examples.length < MIN_CLOSED_LEADS || wins < MIN_PER_OUTCOME || examples.length - wins < MIN_PER_OUTCOME)
    return PRIOR_MODEL;

  // theta[0] is the bias (prior 0: the trade's base rate), then one weight per feature.
  const rows = examples.map((e) => ({
    x: [1, ...vector(e.features)],
    offset: logit(BASE_RATE[e.features.trade]),
    y: e.converted ? 1 : 0,
  }));
  const prior = [0, ...FEATURES.map((d) => d.prior)];
  const d = prior.length;
  let theta = [...prior];
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const grad = theta.map((t, i) => PRIOR_STRENGTH * (t - (prior[i] ?? 0)));
    const hessian = Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, j): number => (i === j ? PRIOR_STRENGTH : 0)),
    );
    for (const { x, offset, y } of rows) {
      const p = sigmoid(offset + dot(x, theta));
      const w = p * (1 - p);
      for (let i = 0; i < d; i++) {
        const xi = x[i] ?? 0;
        grad[i] = (grad[i] ?? 0) + (p - y) * xi;
        const hRow = hessian[i] ?? [];
        for (let j = 0; j < d; j++) hRow[j] = (hRow[j] ?? 0) + w * xi * (x[j] ?? 0);
      }
    }
    const delta = solve(hessian, grad);
    theta = theta.map((t, i) => t - (delta[i] ?? 0));
  }
  const [bias = 0, ...weights] = theta;
  return { kind: 'history', bias, weights, trainedOn: examples.length };
}

const dot = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    [m[col], m[pivot]] = [m[pivot] ?? [], m[col] ?? []];
    const top = m[col] ?? [];
    for (let r = col + 1; r < n; r++) {
      const row = m[r] ?? [];
      const f = (row[col] ?? 0) / (top[col] ?? 1);
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - f * (top[c] ?? 0);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] ?? [];
    let sum = row[n] ?? 0;
    for (let c = r + 1; c < n; c++) sum -= (row[c] ?? 0) * (x[c] ?? 0);
    x[r] = sum / (row[r] ?? 1);
  }
  return x;
}
