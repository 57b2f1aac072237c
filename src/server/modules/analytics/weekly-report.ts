import { isoToZoned } from '#shared/zoned-time.ts';
import { weeklyReportMail } from '#server/mail/templates.ts';
import * as accounts from '#server/modules/auth/accounts.service.ts';
import { connectedTenants } from '#server/modules/connections/connections.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { analyticsStatus } from './analytics-ga4.ts';
import * as repo from './analytics.repo.ts';
import { reportBusinessName } from './report-files.ts';
import { generateReport, periodLabel } from './reports.service.ts';
import { sendOwnWeek } from './weekly-own.ts';
import { coachInsightsForMail } from './weekly-insights.ts';

/**
 * The Monday report: an hourly job finds each business with Google Analytics set up whose local
 * time is Monday from 07:00, makes its 7-day report and mails it to the owners (admins) — once
 * per ISO week, claimed in analytics_preferences, and never when the owners turned it off. A
 * business without Google gets its report from its own data (weekly-own.ts).
 */
export const WEEKLY_FROM_HOUR = 7;

/** ISO 8601 week of a calendar day, e.g. 2026-W48. */
export function isoWeek(date: string): string {
  const DAY = 86_400_000;
  const d = new Date(`${date}T00:00:00Z`);
  const thursday = d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * DAY; // the week's Thursday decides its year
  const year = new Date(thursday).getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const firstThursday = jan4.getTime() + (3 - ((jan4.getUTCDay() + 6) % 7)) * DAY;
  return `${year}-W${String(1 + Math.round((thursday - firstThursday) / (7 * DAY))).padStart(2, '0')}`;
}

/** Monday from 07:00 in the zone: the ISO week to send for, else null. */
export function weekDue(now: Date, timezone: string): string | null {
  const { date, time } = isoToZoned(now.toISOString(), timezone);
  const monday = new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
  return monday && Number(time.slice(0, 2)) >= WEEKLY_FROM_HOUR ? isoWeek(date) : null;
}

export async function sendWeeklyReports(deps: AnalyticsDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.now?.() ?? new Date();
  let sent = 0;
  let failed = 0;
  const google = new Set(await connectedTenants(deps, 'google'));
  for (const tenantId of await accounts.businessIds(deps.db)) {
    const week = weekDue(now, await tenantTimezone(deps, tenantId));
    if (!week) continue;
    if (!google.has(tenantId)) {
      try {
        if (await sendOwnWeek(deps, tenantId, week, now)) sent++;
      } catch {
        await repo.releaseWeeklyMail(deps.db, tenantId, week);
        failed++;
      }
      continue;
    }
    if ((await analyticsStatus(deps, tenantId)).state !== 'live') continue;
    if (!(await repo.claimWeeklyMail(deps.db, tenantId, week, now))) continue;
    try {
      const report = await generateReport(deps, tenantId, '7d');
      const businessName = await reportBusinessName(
        deps,
        tenantId,
        (await accounts.businessName(deps.db, tenantId)) ?? 'Your business',
      );
      const brand = await mailBrand(deps, tenantId);
      const top = report.details?.sources[0];
      const insights = await coachInsightsForMail(deps, tenantId, now);
      for (const owner of await accounts.businessAdmins(deps.db, tenantId)) {
        const mail = weeklyReportMail(
          owner.firstName,
          {
            businessName,
            period: periodLabel(report).replace(/^L/, 'the l'),
            traffic: report.traffic.toLocaleString('en-US'),
            conversions: report.conversions.toLocaleString('en-US'),
            rate: report.conversionRate === null ? '—' : `${report.conversionRate.toFixed(1)}%`,
            topSource: top ? `${top.source} (${Math.round(top.percentage)}%)` : null,
            insights,
          },
          `${deps.appUrl}/reports/${report.id}`,
          brand,
        );
        await deps.mailer.send({ to: owner.email, ...mail, type: 'weekly_report', userId: owner.userId, tenantId });
      }
      sent++;
    } catch {
      // GA4 failed (the connection records why): give the week back for the next hourly run.
      await repo.releaseWeeklyMail(deps.db, tenantId, week);
      failed++;
    }
  }
  return { sent, failed };
}
