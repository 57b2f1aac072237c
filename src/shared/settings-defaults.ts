// What a business has before it saves anything: read by the settings forms, the
// database defaults, the API's defaults and every figure that needs the business's time zone.

export const DEFAULT_TIMEZONE = 'America/New_York';
export const DEFAULT_CURRENCY = 'USD';
/** The standard Fieldwise colours, which styles.css also starts from. */
export const DEFAULT_BRAND_COLOURS = { primaryColor: '#3b82f6', secondaryColor: '#f97316' } as const;
/** A brand colour as stored: #rrggbb. Here, not in the schemas, so the sign-in page needs no zod. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** True for a time zone name this runtime knows (e.g. America/New_York). */
export function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
