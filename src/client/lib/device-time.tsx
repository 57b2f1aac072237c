import { useHydrated } from './use-hydrated';

/**
 * A moment in the device's own zone and format ("18:39", "6:39 PM"). The server that renders a
 * page's first screen knows neither, so the text comes once the page has hydrated: written by the
 * server it would differ from the browser's and break the hydration of the whole page.
 */
export function DeviceTime({ at, format }: { at: Date; format: Intl.DateTimeFormat }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={at.toISOString()} suppressHydrationWarning>
      {hydrated ? format.format(at) : null}
    </time>
  );
}
