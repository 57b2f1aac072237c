import Stripe from 'stripe';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { UncertainPost } from '#server/integrations/social-publish.ts';

/**
 * The smoke check's output: one line per call, `PASS provider call (ms)`, `FAIL provider call —
 * <the provider's own answer>` or `SKIP provider — <why>`. An operator pastes it into a support
 * request, so every line is masked: a known secret (token, password, key) and anything shaped
 * like one never appears.
 */

/** Thrown by a check that cannot run for this business (no account chosen, no image given). */
export class SmokeSkip extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SmokeSkip';
  }
}

const MASK = '[masked]';
/** Shapes of secrets a provider might echo in an error, whether or not we know the value. */
const SECRET_SHAPES: [RegExp, string][] = [
  [/\b(Bearer|Basic|sso-key)\s+[^\s"',;]+/gi, `$1 ${MASK}`],
  [/\b(sk|rk|whsec)_(live|test)_[A-Za-z0-9]+/g, `$1_$2_${MASK}`],
  [/\b(access_token|refresh_token|client_secret|code|password)=[^&\s"']+/gi, `$1=${MASK}`],
];
/** Shorter values are not masked by value: they would blank out ordinary words. */
const MIN_SECRET = 6;

export class SmokeReport {
  passed = 0;
  failed = 0;
  skipped = 0;
  /** The providers with a failed call (no test post goes to them). */
  readonly failedProviders = new Set<string>();
  /** Values never printed: every token, password and key the run used. */
  readonly secrets = new Set<string>();

  constructor(private readonly write: (line: string) => void) {}

  /** Remembers a value to mask wherever it appears. */
  secret(value: string | null | undefined): void {
    if (value && value.length >= MIN_SECRET) this.secrets.add(value);
  }

  mask(text: string): string {
    let out = text;
    for (const value of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(value).join(MASK);
    for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
    return out;
  }

  line(text: string): void {
    this.write(this.mask(text));
  }

  /** Runs one call and prints its line. */
  async call(provider: string, name: string, run: () => Promise<unknown>): Promise<boolean> {
    const started = performance.now();
    try {
      await run();
    } catch (err) {
      if (err instanceof SmokeSkip) {
        this.skip(`${provider} ${name}`, err.message);
        return false;
      }
      this.failed++;
      this.failedProviders.add(provider);
      this.line(`FAIL ${provider} ${name} — ${errorText(err)}`);
      return false;
    }
    this.passed++;
    this.line(`PASS ${provider} ${name} (${Math.round(performance.now() - started)} ms)`);
    return true;
  }

  skip(what: string, reason = 'not connected'): void {
    this.skipped++;
    this.line(`SKIP ${what} — ${reason}`);
  }

  summary(): string {
    return `${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`;
  }
}

/** What the provider said, as close to its own words as our clients keep them. */
export function errorText(err: unknown): string {
  // provider-http keeps the status, the provider's error code and message in `detail`.
  if (err instanceof ConnectionProblem) return err.detail.replace(/\s+/g, ' ').trim() || `${err.code} (no answer body)`;
  if (err instanceof UncertainPost)
    return `no clear answer (${err.detail}); the post may have been made: check the account and delete it by hand`;
  if (err instanceof Stripe.errors.StripeError)
    return [err.statusCode, err.code ?? err.type, err.message].filter(Boolean).join(' ');
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
