import { useEffect, useRef, useState } from 'react';
import { MapPin, Search, Star } from 'lucide-react';
import type { TPlace } from '@shared/schemas/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { reviewTexts, usePlaceSearch } from './reviews-api';

/** The sample query Try Demo Search fills in. */
export const DEMO_QUERY = 'plumbing near me';

/**
 * The first view: find the business on Google. Enter or Search runs the query (a blank one
 * does nothing); Try Demo Search fills a sample query and runs it after 100 ms.
 */
export function BusinessSearch({
  demo,
  canChoose,
  choosing,
  onChoose,
}: {
  demo: boolean;
  canChoose: boolean;
  choosing: string | null;
  onChoose: (place: TPlace) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = usePlaceSearch(query);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (value: string) => {
    const q = value.trim();
    if (!q) return;
    if (q === query) void search.refetch();
    setQuery(q);
  };

  // One toast per answer: the server's message on failure, 'No Results' on an empty list.
  const { isError, error, data, dataUpdatedAt, errorUpdatedAt } = search;
  useEffect(() => {
    if (isError)
      toast({
        title: reviewTexts.searchError,
        description: errorMessage(error, reviewTexts.searchPanel),
        variant: 'destructive',
      });
  }, [isError, error, errorUpdatedAt]);
  useEffect(() => {
    if (data && data.results.length === 0)
      toast({ title: reviewTexts.noResults, description: reviewTexts.noResultsText });
  }, [data, dataUpdatedAt]);

  const busy = search.isFetching;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Find your business on Google
          {demo ? <Badge variant="warning">Demo Data</Badge> : null}
        </CardTitle>
        <CardDescription>
          Search by business name and town, then choose it to see and answer its reviews.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {demo ? (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {reviewTexts.notConfigured}
          </p>
        ) : null}
        <form
          role="search"
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            run(text);
          }}
        >
          <label htmlFor="business-search" className="sr-only">
            Business name
          </label>
          <Input
            id="business-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. Rosa Plumbing Portland"
            maxLength={200}
            className="sm:flex-1"
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
              <Search aria-hidden="true" />
              {busy ? 'Searching...' : 'Search'}
            </Button>
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => {
                setText(DEMO_QUERY);
                clearTimeout(timer.current);
                timer.current = setTimeout(() => run(DEMO_QUERY), 100);
              }}
            >
              Try Demo Search
            </Button>
          </div>
        </form>
        {search.isError ? <FormAlert tone="error">{reviewTexts.searchPanel}</FormAlert> : null}
        {data && data.results.length === 0 ? (
          <p className="text-sm text-slate-600">{reviewTexts.noResultsText}</p>
        ) : null}
        {data && data.results.length > 0 ? (
          <ul aria-label="Search results" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.results.map((place) => (
              <li
                key={place.place_id}
                className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{place.name}</p>
                  <p className="flex items-start gap-1 text-sm text-slate-600">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>{place.formatted_address || 'No address on Google'}</span>
                  </p>
                  <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
                    <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                    {place.rating === null ? 'No rating yet' : place.rating.toFixed(1)}
                    <span className="text-slate-500">
                      ({(place.user_ratings_total ?? 0).toLocaleString('en-US')} reviews)
                    </span>
                  </p>
                </div>
                {canChoose ? (
                  <Button
                    size="sm"
                    onClick={() => onChoose(place)}
                    disabled={choosing !== null}
                    aria-label={`Choose ${place.name}`}
                  >
                    {choosing === place.place_id ? 'Loading...' : 'Choose'}
                  </Button>
                ) : (
                  <p className="text-xs text-slate-500">A manager or admin chooses the business.</p>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
