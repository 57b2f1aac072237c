import { describe, expect, it } from 'vitest';
import { closedPagesOf, HINT_CLOSED_MAX, keepsHintColumn, withHintClosed } from './hint-column.ts';

describe('the hints card column kept from the first paint', () => {
  it('is kept on a page with hints unless the card stayed shut there at the last wide visit', () => {
    expect(keepsHintColumn('/dashboard', undefined)).toBe(true);
    expect(keepsHintColumn('/leads?status=new', '')).toBe(true);
    expect(keepsHintColumn('/leads/42', '/leads')).toBe(true);
    expect(keepsHintColumn('/dashboard', '/social,/dashboard')).toBe(false);
    expect(keepsHintColumn('/reports?period=7d', '/reports')).toBe(false);
  });

  it('is never kept on a page without hints', () => {
    expect(keepsHintColumn('/settings', undefined)).toBe(false);
    expect(keepsHintColumn('/inbox', '')).toBe(false);
  });

  it('remembers the newest pages where the card stayed shut, and forgets one where it opened', () => {
    let value = withHintClosed(undefined, '/dashboard', true);
    value = withHintClosed(value, '/social', true);
    value = withHintClosed(value, '/dashboard', true);
    expect(closedPagesOf(value)).toEqual(['/social', '/dashboard']);
    expect(closedPagesOf(withHintClosed(value, '/social', false))).toEqual(['/dashboard']);
    for (let i = 0; i < HINT_CLOSED_MAX + 5; i++) value = withHintClosed(value, `/leads/${i}`, true);
    const pages = closedPagesOf(value);
    expect(pages).toHaveLength(HINT_CLOSED_MAX);
    expect(pages.at(-1)).toBe(`/leads/${HINT_CLOSED_MAX + 4}`);
  });

  it('reads only paths from a cookie someone else wrote', () => {
    expect(closedPagesOf('x,/leads,,javascript:1')).toEqual(['/leads']);
  });
});
