import { useEffect, useMemo, useState } from 'react';
import { ArrowLeft, Eye, MousePointerClick, Percent, RefreshCw, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { demoKeywordList } from '@shared/keywords-demo';
import { KEYWORD_MESSAGES, type TKeywordSort } from '@shared/keywords';
import { ConnectionProblemBanner } from '@/components/connections/connection-problem-banner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { useConnection } from '@/lib/connections/connections-api';
import { GooglePropertiesPicker } from '@/components/connections/google-properties-picker';
import { changeText, num } from './keyword-format';
import {
  KEYWORDS_PAGE_SIZE,
  useKeywordInsights,
  useKeywordRows,
  useKeywordSummary,
  useSyncKeywords,
} from './keywords-api';
import { BusinessSearchPanel, ContentRecommendations, QuickWins } from './keywords-panels';
import { KeywordsTable } from './keywords-table';
import { KeywordRevenuePanel } from './keyword-revenue-panel';
import { GhostText } from '@/components/ui/ghost-text';
import { useHydrated } from '@/lib/use-hydrated';
import { LIVE_SHAPE, expectedShape, readShape, rememberShape, type KeywordsShape } from './keywords-shape';

/** One figure of the summary: <dt> the label, <dd> the value and the change from the period before. */
function Card4({
  label,
  value,
  sub,
  subPlaceholder,
  Icon,
}: {
  label: string;
  value: string | null;
  sub: string | null;
  /** While loading: a typical sub-text to make room for, when one is expected. */
  subPlaceholder: string | null;
  Icon: typeof Eye;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center justify-between text-xs font-medium text-slate-600 sm:text-sm">
        {label} <Icon className="size-4 text-brand-700" aria-hidden="true" />
      </dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">{value ?? '…'}</dd>
      {sub ? (
        <dd className="mt-1 text-xs text-slate-500">{sub}</dd>
      ) : subPlaceholder ? (
        <dd className="mt-1 text-xs">
          <GhostText veiled text={subPlaceholder} />
        </dd>
      ) : null}
    </div>
  );
}

/** /keywords (also /seo): Search Console keywords, their summary, quick wins and ideas. */
export default function KeywordsPage() {
  const { user } = useAuth();
  const canSync = hasRole(user?.role, 'manager');
  const [sort, setSort] = useState<TKeywordSort>('clicks');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = { page, sort, dir, q: search.trim() };
  const rows = useKeywordRows(query);
  // Keywords that cannot be loaded: the sample rows under 'Demo Data', as the error message says.
  const failed = rows.isError && !rows.data;
  const list = rows.data ?? (failed ? demoKeywordList({ ...query, pageSize: KEYWORDS_PAGE_SIZE }) : undefined);
  const summary = useKeywordSummary();
  const insights = useKeywordInsights();
  const sync = useSyncKeywords();
  const live = list?.meta.source === 'search_console';
  const google = useConnection('google', user !== null);
  const googleProblem = google?.state === 'problem';
  const s = summary.data;
  // Until the answers arrive, the page keeps the room of the most likely answer (see keywords-shape).
  // The device's memory of the page is read once hydrated: a server-rendered first screen
  // (entry-server.tsx) has no storage, and the hydrating render must match it.
  const hydrated = useHydrated();
  const remembered = useMemo(() => (hydrated ? readShape(user?.id) : null), [hydrated, user?.id]);
  const expected = expectedShape(remembered, google?.state);
  const expectLive = list ? live : expected.live;
  // The insights' room once the rows are known to be live (the remembered counts, else typical ones).
  const liveShape = remembered?.live ? remembered : LIVE_SHAPE;
  const summaryPending = !s && expectLive;
  const firstPage = page === 1 && !query.q && !rows.isPlaceholderData;
  const loadedShape: KeywordsShape | null =
    list && !failed && firstPage
      ? {
          live,
          rows: list.keywords.length,
          paged: list.total > list.pageSize,
          quickWins: insights.data?.quickWins.length ?? liveShape.quickWins,
          recommendations: insights.data?.recommendations.length ?? liveShape.recommendations,
        }
      : null;
  const shapeKey = loadedShape ? JSON.stringify(loadedShape) : null;
  useEffect(() => {
    if (shapeKey) rememberShape(user?.id, JSON.parse(shapeKey) as KeywordsShape);
  }, [shapeKey, user?.id]);
  const onSort = (key: TKeywordSort) => {
    setPage(1);
    if (key === sort) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setDir(key === 'position' || key === 'keyword' ? 'asc' : 'desc');
    }
  };
  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Search Console synced', description: r.message }),
      onError: (e) =>
        toast({ title: 'Sync failed', description: errorMessage(e, 'Could not sync.'), variant: 'destructive' }),
    });
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/reports" className="flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Reports
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {list ? (
            // The demo business's rows are its sample property's, synced: read as live, still Demo Data.
            <Badge variant={live && !user?.demoBusiness ? 'success' : 'warning'}>
              {live && !user?.demoBusiness ? 'Live Data' : 'Demo Data'}
            </Badge>
          ) : (
            <Badge variant="secondary" aria-hidden="true" className="animate-pulse">
              <span className="invisible">{expected.live ? 'Live Data' : 'Demo Data'}</span>
            </Badge>
          )}
          {canSync ? (
            <Button size="sm" variant="outline" onClick={runSync} disabled={sync.isPending}>
              <RefreshCw className="size-4" aria-hidden="true" /> {sync.isPending ? 'Syncing…' : 'Sync Search Console'}
            </Button>
          ) : null}
        </div>
      </div>
      {/* A Google problem (expired, revoked) with its fix; the rows below are the last synced ones. */}
      <ConnectionProblemBanner user={user} provider="google" />
      {googleProblem && expectLive ? (
        <p className="-mt-3 text-xs text-slate-600">
          The keywords below are from the last sync; they update again once Google is reconnected.
        </p>
      ) : null}
      {failed && !googleProblem ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {KEYWORD_MESSAGES.loadError}
        </p>
      ) : !expectLive ? (
        <div className="space-y-3">
          {list ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{KEYWORD_MESSAGES.noData}</p>
          ) : (
            <p aria-hidden="true" className="animate-pulse rounded-lg bg-slate-100 p-3 text-sm">
              <span className="invisible">{KEYWORD_MESSAGES.noData}</span>
            </p>
          )}
          {canSync && google?.state === 'healthy' ? <GooglePropertiesPicker className="bg-white" /> : null}
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Card4
          label="Total Clicks"
          Icon={MousePointerClick}
          value={s ? num(s.totalClicks.value) : null}
          sub={s ? changeText('sum', s.totalClicks.value, s.totalClicks.previous) : null}
          subPlaceholder={summaryPending ? '+00.0% from last month' : null}
        />
        <Card4
          label="Total Impressions"
          Icon={Eye}
          value={s ? num(s.totalImpressions.value) : null}
          sub={s ? changeText('sum', s.totalImpressions.value, s.totalImpressions.previous) : null}
          subPlaceholder={summaryPending ? '+00.0% from last month' : null}
        />
        <Card4
          label="Average CTR"
          Icon={Percent}
          value={s ? `${s.averageCtr.value}%` : null}
          sub={s ? changeText('ctr', s.averageCtr.value, s.averageCtr.previous) : null}
          subPlaceholder={summaryPending ? '+0.0% from last month' : null}
        />
        <Card4
          label="Average Position"
          Icon={TrendingUp}
          value={s ? String(s.averagePosition.value) : null}
          sub={s ? changeText('position', s.averagePosition.value, s.averagePosition.previous) : null}
          subPlaceholder={summaryPending ? 'Improved 0.0 positions' : null}
        />
      </dl>
      {s?.period ? (
        <p className="-mt-3 text-xs text-slate-500">
          Last 28 days ({s.period.from} – {s.period.to}) compared with the 28 days before.
        </p>
      ) : summaryPending ? (
        <p className="-mt-3 text-xs">
          <GhostText veiled text="Last 28 days (2026-01-01 – 2026-01-28) compared with the 28 days before." />
        </p>
      ) : null}

      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>Keyword Performance</CardTitle>
          <Input
            aria-label="Search keywords"
            placeholder="Search keywords"
            className="sm:max-w-xs"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </CardHeader>
        <CardContent>
          {list ? (
            <KeywordsTable rows={list.keywords} sort={sort} dir={dir} onSort={onSort} />
          ) : (
            <>
              <p role="status" className="sr-only">
                Loading keywords…
              </p>
              <KeywordsTable rows={[]} placeholderRows={expected.rows} sort={sort} dir={dir} onSort={onSort} />
            </>
          )}
          {(list ? pages > 1 : expected.paged) ? (
            <div className="mt-3 flex items-center justify-end gap-2 text-sm">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-slate-600">
                Page {page} of {list ? pages : '…'}
              </span>
              <Button size="sm" variant="outline" disabled={!list || page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <KeywordRevenuePanel />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <QuickWins insights={insights.data} demo={!expectLive} placeholders={liveShape.quickWins} />
        <ContentRecommendations insights={insights.data} demo={!expectLive} placeholders={liveShape.recommendations} />
      </div>
      <BusinessSearchPanel />
    </div>
  );
}
