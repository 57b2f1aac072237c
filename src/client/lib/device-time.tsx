import { useHydrated } from './use-hydrated';

/**
 * A moment in the device's own zone and format ("18:39", "6:39 PM", "Mar 4, 2026"), by an Intl
 * format or a function of the moment. The server that renders a page's first screen knows
 * neither, so the text comes once the page has hydrated: written by the server it would differ
 * from the browser's and break the hydration of the whole page.
 */
export function DeviceTime({ at, format }: { at: Date; format: Intl.DateTimeFormat | ((at: Date) => string) }) {
  const hydrated = useHydrated();
  const text = () => (typeof format === 'function' ? format(at) : format.format(at));
  return (
    <time dateTime={at.toISOString()} suppressHydrationWarning>
      {hydrated ? text() : null}
    </time>
  );
}
