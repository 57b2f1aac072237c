import type { Db } from '#server/db/client.ts';
import { featuresOf, type LeadFeatures, type ScorableLead } from './lead-features.ts';
import { fitModel, scoreLead, type LeadScore, type ScoreModel } from './lead-scoring.ts';
import * as repo from './leads.repo.ts';

// Glue between stored leads and the pure scoring model: which rows it learns from, and which
// columns a score writes.

export interface Scored {
  score: LeadScore;
  features: LeadFeatures;
  /** The lead columns the score sets. */
  columns: repo.LeadChanges;
}

export function scoreRow(lead: ScorableLead, model: ScoreModel, now: Date): Scored {
  const features = featuresOf(lead, now);
  const score = scoreLead(features, lead.status, model);
  return {
    score,
    features,
    columns: {
      leadScore: score.leadScore,
      urgencyScore: score.urgencyScore,
      conversionProbability: score.conversionProbability.toFixed(2),
      predictedValue: score.predictedValue.toFixed(2),
      scoreFactors: score.factors,
      scoreModel: score.model,
    },
  };
}

/** The business's own model when it has enough closed leads, else the priors. */
export async function loadModel(db: Db, tenantId: string): Promise<ScoreModel> {
  const closed = await repo.closedLeads(db, tenantId);
  return fitModel(
    closed.map((row) => ({
      features: featuresOf(row, row.closedAt ?? row.updatedAt),
      converted: row.status === 'converted',
    })),
  );
}

const money = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** The activity a scoring writes: the score and what drove it. */
export function activityFor(name: string, score: LeadScore): { type: string; title: string; description: string } {
  const top = score.factors
    .slice(0, 2)
    .map((f) => `${f.label}: ${f.points > 0 ? '+' : ''}${f.points}`)
    .join('; ');
  return {
    type: 'lead_scored',
    title: `Scored ${name}: ${score.leadScore}/100`,
    description: `Urgency ${score.urgencyScore}, ${score.conversionProbability}% likely to convert, worth about ${money(score.predictedValue)}${top ? `. ${top}` : ''}`,
  };
}
