import { weeklyOwnReportMail } from '#server/mail/templates.ts';
import * as accounts from '#server/modules/auth/accounts.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { periodOf } from './analytics-ga4.ts';
import * as repo from './analytics.repo.ts';
import { reportBusinessName } from './report-files.ts';
import { ownFigures } from './report-own.ts';
import { generateReport, periodLabel } from './reports.service.ts';
import { coachInsightsForMail } from './weekly-insights.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * The Monday mail of a business without Google (issue 35): its 7-day report from its own data —
 * leads, jobs won and revenue by source, reviews, posts published — with the AI Coach's top
 * insights, like the reports page makes it. A week with nothing to tell (no lead, no job, no post
 * and no insight) sends nothing, makes no report and claims nothing. True when mailed.
 */
export async function sendOwnWeek(deps: AnalyticsDeps, tenantId: string, week: string, now: Date): Promise<boolean> {
  const quiet = await ownFigures(deps, tenantId, '7d', await periodOf(deps, tenantId, '7d'), now);
  const insights = await coachInsightsForMail(deps, tenantId, now);
  if (quiet.leads + quiet.converted + quiet.postsPublished === 0 && insights.length === 0) return false;
  if (!(await repo.claimWeeklyMail(deps.db, tenantId, week, now))) return false;
  const report = await generateReport(deps, tenantId, '7d');
  const own = report.details?.own ?? quiet;
  const businessName = await reportBusinessName(
    deps,
    tenantId,
    (await accounts.businessName(deps.db, tenantId)) ?? 'Your business',
  );
  const brand = await mailBrand(deps, tenantId);
  const figures = {
    businessName,
    period: periodLabel(report).replace(/^L/, 'the l'),
    leads: count(own.leads),
    converted: count(own.converted),
    revenue: money.format(own.revenue),
    sources: own.revenueBySource
      .filter((s) => s.revenue > 0 || s.leads > 0)
      .slice(0, 3)
      .map(
        (s) =>
          `${s.label}: ${money.format(s.revenue)} from ${plural(s.converted, 'job')} (${plural(s.leads, 'new lead')})`,
      ),
    reviews: own.averageRating === null ? count(own.reviews) : `${count(own.reviews)}, averaging ${own.averageRating}★`,
    posts: count(own.postsPublished),
    insights,
  };
  for (const owner of await accounts.businessAdmins(deps.db, tenantId)) {
    const mail = weeklyOwnReportMail(owner.firstName, figures, `${deps.appUrl}/reports/${report.id}`, brand);
    await deps.mailer.send({ to: owner.email, ...mail, type: 'weekly_report', userId: owner.userId, tenantId });
  }
  return true;
}
