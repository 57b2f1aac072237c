import { useState, type FormEvent } from 'react';
import { Lightbulb, PenLine, Search, Target } from 'lucide-react';
import { Link } from 'wouter';
import { KEYWORD_MESSAGES } from '@shared/keywords';
import type { TKeywordInsights } from '@shared/schemas/keywords';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { num } from './keyword-format';
import { useBusinessLookup } from './keywords-api';
import { GhostText } from '@/components/ui/ghost-text';

// Loading placeholders: the markup of a loaded item with typical, invisible text (GhostText).

function QuickWinPlaceholder() {
  return (
    <li aria-hidden="true" className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-medium break-words">
        <GhostText veiled text="furnace tune up" />{' '}
        <GhostText veiled className="text-xs font-normal" text="Almost on top · position 8.3 · 1,420 impressions" />
      </p>
      <p className="mt-1 break-words">
        <GhostText
          veiled
          text="Position 8.3 with 1,420 impressions: moving onto the top 3 would bring far more clicks."
        />
      </p>
    </li>
  );
}

function RecommendationPlaceholder() {
  return (
    <div aria-hidden="true" className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-medium break-words">
        <GhostText veiled text="A complete guide to furnace tune up" />
      </p>
      <p className="mt-1 break-words">
        <GhostText
          veiled
          text={
            '"furnace tune up" is at position 8.3 with 1,420 impressions; a dedicated article can lift it onto page 1\'s top spots.'
          }
        />
      </p>
      <div className="mt-2 h-8 w-32 animate-pulse rounded-md bg-slate-100" />
    </div>
  );
}

/** A panel fed by the insights: `placeholders` is how many items to make room for while they load. */
interface InsightsPanelProps {
  insights: TKeywordInsights | undefined;
  demo: boolean;
  placeholders?: number;
}

/**
 * Quick wins computed from the rows (striking distance, CTR under the usual curve).
 * `placeholders`: while the insights load, how many quick wins to make room for.
 */
export function QuickWins({ insights, demo, placeholders = 0 }: InsightsPanelProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Target className="size-5 text-brand-700" aria-hidden="true" /> Quick Wins
        </CardTitle>
        <CardDescription>Keywords close to the top spots, and pages people see but rarely click.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {demo ? (
          <p className="text-sm text-slate-600">Quick wins appear once Search Console data has been synced.</p>
        ) : !insights && placeholders > 0 ? (
          <ul className="space-y-2">
            {Array.from({ length: placeholders }, (_, i) => (
              <QuickWinPlaceholder key={i} />
            ))}
          </ul>
        ) : !insights ? (
          <p className="text-sm text-slate-600">Working out your quick wins…</p>
        ) : insights.quickWins.length === 0 ? (
          <p className="text-sm text-slate-600">
            No quick wins right now: no keyword at positions 4–20 with 100+ impressions.
          </p>
        ) : (
          <ul className="space-y-2">
            {insights.quickWins.map((w) => (
              <li key={`${w.kind}-${w.keyword}`} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium break-words text-slate-900">
                  {w.keyword}{' '}
                  <span className="text-xs font-normal text-slate-500">
                    {w.kind === 'striking_distance' ? 'Almost on top' : 'Low click-through'} · position {w.position} ·{' '}
                    {num(w.impressions)} impressions
                  </span>
                </p>
                <p className="mt-1 break-words text-slate-600">{w.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const generatorLink = (title: string, keywords: string[]) =>
  `/website?${new URLSearchParams({ topic: title, keywords: keywords.join(',') }).toString()}`;

/**
 * Article ideas from the AI layer (or the offline engine), grounded on the quick-win rows.
 * `placeholders`: while the insights load, how many ideas to make room for.
 */
export function ContentRecommendations({ insights, demo, placeholders = 0 }: InsightsPanelProps) {
  const items = insights?.recommendations ?? [];
  const loading = !demo && !insights && placeholders > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-brand-700" aria-hidden="true" /> Content Recommendations
        </CardTitle>
        <CardDescription>Articles that target the keywords you almost rank for.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {loading ? (
          Array.from({ length: placeholders }, (_, i) => <RecommendationPlaceholder key={i} />)
        ) : demo || items.length === 0 ? (
          <p className="text-sm text-slate-600">
            {demo ? 'Recommendations appear once Search Console data has been synced.' : 'No recommendations yet.'}
          </p>
        ) : (
          items.map((r) => (
            <div key={r.title} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-medium break-words text-slate-900">{r.title}</p>
              <p className="mt-1 break-words text-slate-600">{r.reason}</p>
              <Button asChild size="sm" variant="outline" className="mt-2">
                <Link href={generatorLink(r.title, r.keywords)}>
                  <PenLine className="size-4" aria-hidden="true" /> Write this post
                </Link>
              </Button>
            </div>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/** Business Name and optional Location; the location is appended to the query. */
export function BusinessSearchPanel() {
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [missing, setMissing] = useState(false);
  const [query, setQuery] = useState('');
  const lookup = useBusinessLookup(query);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setQuery([name.trim(), location.trim()].filter(Boolean).join(' '));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Search className="size-5 text-brand-700" aria-hidden="true" /> Business Search
        </CardTitle>
        <CardDescription>See how a business shows up on Google.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <Input
            aria-label="Business Name"
            placeholder="Business Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Input
            aria-label="Location (optional)"
            placeholder="Location (optional)"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
          />
          <Button type="submit" disabled={lookup.isFetching}>
            Search
          </Button>
        </form>
        {missing ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            <strong>{KEYWORD_MESSAGES.businessNameRequired.title}</strong> —{' '}
            {KEYWORD_MESSAGES.businessNameRequired.message}
          </p>
        ) : null}
        {lookup.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(lookup.error, 'Unable to search businesses. Check your Google Places API configuration.')}
          </p>
        ) : null}
        {lookup.data ? (
          <ul className="mt-3 space-y-1 text-sm">
            {lookup.data.results.length === 0 ? (
              <li className="text-slate-600">No businesses found. Try adjusting your search terms.</li>
            ) : (
              lookup.data.results.slice(0, 5).map((p) => (
                <li key={p.place_id} className="break-words">
                  <span className="font-medium text-slate-900">{p.name}</span>
                  {p.formatted_address ? <span className="text-slate-600"> — {p.formatted_address}</span> : null}
                </li>
              ))
            )}
            {lookup.data.demo ? <li className="text-xs text-slate-500">Demo Data: sample businesses.</li> : null}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
