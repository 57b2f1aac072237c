import type { OutboundError } from '#server/security/ssrf-guard.ts';

/** `Authorization: Basic …` for a user name and password (WordPress, Twilio). */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** Text from a remote answer, fit to put in one of our messages: no control characters, bounded length. */
export function safeText(value: string, max = 100): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** An outbound failure as the connection test says it: refusals as they are, network trouble as "not reachable". */
export function unreachable(err: OutboundError, what = 'Site'): string {
  if (err.kind === 'unreachable' || err.kind === 'timeout' || err.kind === 'tls')
    return `${what} not reachable: ${err.message}`;
  return err.message;
}
