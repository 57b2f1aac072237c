import { Link } from 'wouter';
import { ArrowLeft, Download, FileText, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { reportFileUrl, useReport } from './analytics-api';
import { GeneratedOn, PERIOD_LABELS, ReportSummary } from './reports-card';

const fmt = new Intl.NumberFormat('en-US');

/** One report: its figures, sources and keywords, a CSV export and the PDF (or Print without one). */
export function ReportView({ id, pdfAvailable }: { id: string; pdfAvailable: boolean }) {
  const report = useReport(id);
  const back = (
    <Link
      href="/reports"
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:underline print:hidden"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Reports
    </Link>
  );
  if (report.isError)
    return (
      <div className="space-y-4">
        {back}
        <p className="text-sm text-red-700">{report.error.message}</p>
      </div>
    );
  const r = report.data;
  const d = r?.details;
  return (
    <div className="space-y-4">
      {back}
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{r ? PERIOD_LABELS[r.period] : 'Report'}</CardTitle>
            <CardDescription>
              {r && d ? (
                <>
                  {d.startDate} to {d.endDate} · generated <GeneratedOn iso={r.generatedAt} />
                </>
              ) : (
                ' '
              )}
            </CardDescription>
          </div>
          {r ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              <Button asChild variant="outline">
                <a href={reportFileUrl(r.id, 'csv')} download>
                  <Download aria-hidden="true" /> CSV
                </a>
              </Button>
              {pdfAvailable ? (
                <Button asChild>
                  <a href={reportFileUrl(r.id, 'pdf')} download>
                    <FileText aria-hidden="true" /> Download PDF
                  </a>
                </Button>
              ) : (
                <Button onClick={() => window.print()} title="PDF download is not available on this server">
                  <Printer aria-hidden="true" /> Print
                </Button>
              )}
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {r ? (
            <>
              <ReportSummary report={r} />
              {d ? (
                <p className="text-sm text-slate-600">
                  {fmt.format(d.users)} users and {fmt.format(d.pageviews)} page views. Conversions are{' '}
                  {fmt.format(d.leadConversions)} converted leads plus {fmt.format(d.keyEvents)} Google Analytics key
                  events.
                </p>
              ) : null}
              {r.topPages.length ? (
                <section aria-label="Top pages">
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">Top pages</h3>
                  <ul className="space-y-1 text-sm">
                    {r.topPages.map((p) => (
                      <li key={p} className="truncate">
                        {p}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
