import { useId, useState } from 'react';
import type { TGoogleProperties } from '@shared/schemas/keywords';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useGoogleProperties, useSaveGoogleProperties } from '@/lib/connections/google-properties-api';

type Part = TGoogleProperties['searchConsole'];

/** The choice in use, else the first one Google lists (preselected, saved only on the button). */
const initial = (part: Part | undefined) => part?.selected ?? part?.options[0]?.id ?? '';

function PartSelect({
  label,
  part,
  value,
  onChange,
  empty,
}: {
  label: string;
  part: Part;
  value: string;
  onChange: (value: string) => void;
  empty: string;
}) {
  const id = useId();
  const picked = part.options.find((o) => o.id === value);
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {part.error ? (
        <FormAlert tone="error">{part.error}</FormAlert>
      ) : part.options.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <NativeSelect
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            options={part.options.map((o) => ({ value: o.id, label: o.name }))}
          />
          {picked ? <p className="text-xs break-words text-slate-500">{picked.detail}</p> : null}
        </>
      )}
    </div>
  );
}

/**
 * Which Search Console site and which GA4 property this business reads, from Google's own lists
 * (the first preselected). Shown on the Google card in Settings → Connections and on the empty
 * /keywords and /analytics pages; managers only.
 */
export function GooglePropertiesPicker({ className }: { className?: string }) {
  const lists = useGoogleProperties();
  const save = useSaveGoogleProperties();
  const [site, setSite] = useState<string | null>(null);
  const [property, setProperty] = useState<string | null>(null);
  const legendId = useId();

  if (lists.isPending) return <Skeleton className="h-32 w-full" />;
  if (lists.isError)
    return (
      <FormAlert tone="error">
        {errorMessage(lists.error, 'Could not load your Search Console sites and GA4 properties.')}
      </FormAlert>
    );
  const sc = lists.data.searchConsole;
  const ga4 = lists.data.ga4;
  const siteValue = site ?? initial(sc);
  const propertyValue = property ?? initial(ga4);
  const choice = {
    ...(siteValue && !sc.error ? { searchConsoleSite: siteValue } : {}),
    ...(propertyValue && !ga4.error ? { ga4Property: propertyValue } : {}),
  };
  const unsaved = (siteValue && siteValue !== sc.selected) || (propertyValue && propertyValue !== ga4.selected);

  return (
    <fieldset
      aria-labelledby={legendId}
      className={`space-y-3 rounded-lg border border-brand-200 bg-brand-50/50 p-3 ${className ?? ''}`}
    >
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        Which Search Console site and GA4 property should Fieldwise read?
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PartSelect
          label="Search Console site"
          part={sc}
          value={siteValue}
          onChange={setSite}
          empty="This Google account has no verified Search Console property."
        />
        <PartSelect
          label="GA4 property"
          part={ga4}
          value={propertyValue}
          onChange={setProperty}
          empty="This Google account has no GA4 property."
        />
      </div>
      {save.error ? (
        <FormAlert tone="error">{errorMessage(save.error, 'Your choice could not be saved.')}</FormAlert>
      ) : save.data && !unsaved ? (
        <FormAlert tone="success">{save.data.message}</FormAlert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={save.isPending || Object.keys(choice).length === 0 || !unsaved}
          onClick={() => save.mutate(choice)}
        >
          {save.isPending ? 'Saving…' : 'Use these properties'}
        </Button>
        {!unsaved && !save.data ? <span className="text-xs text-slate-500">In use.</span> : null}
      </div>
    </fieldset>
  );
}
