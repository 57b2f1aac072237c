import { LoaderCircle } from 'lucide-react';

/**
 * Centered spinner filling the page area while a route chunk or the user loads. Its classes are
 * fixed (no cn), so the entry chunk does not need tailwind-merge.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <span role="status" className="inline-flex items-center">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-600" />
        <span className="sr-only">{label}</span>
      </span>
    </div>
  );
}
