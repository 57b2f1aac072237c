import type { AuthContext } from '#server/auth-context.ts';
import { brandingOf } from '#server/modules/settings/branding.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { reportHtml } from './report-html.ts';
import { renderPdf } from './report-pdf.ts';
import { getReport, reportCsv } from './reports.service.ts';

/** The business's name on its reports: the white-label name, else the business's own. */
export async function reportBusinessName(deps: Pick<AnalyticsDeps, 'db'>, tenantId: string, fallback: string) {
  return (await brandingOf(deps, tenantId)).name ?? fallback;
}

/** A report as a download: CSV, or the PDF printed from its HTML. */
export async function reportFile(deps: AnalyticsDeps, auth: AuthContext, id: string, kind: 'csv' | 'pdf') {
  const report = await getReport(deps, auth.tenantId, id);
  const brand = await brandingOf(deps, auth.tenantId);
  const name = brand.name ?? auth.tenantName;
  const fileName = `report-${report.period}-${report.generatedAt.slice(0, 10)}.${kind}`;
  if (kind === 'csv') return { name: fileName, body: reportCsv(report, name) };
  return { name: fileName, body: await renderPdf(deps.browserPath, reportHtml(report, name, brand.primaryColor)) };
}
