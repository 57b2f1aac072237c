import { describe, expect, it } from 'vitest';
import { HINT_IDS } from '@shared/schemas/felix';
import { contextOf } from '@shared/hint-column';
import { HINTS } from './hint-catalog';
import { connectionHints, HINT_ROTATION_MS, isBusinessHours, nextHintIndex, selectHints } from './select-hints';
import { emptyActivity, withCompletedAction, withDismissed, withPageView } from './user-activity';

const at = (hour: number) => new Date(2026, 2, 10, hour, 30);
const ids = (path: string, activity = emptyActivity(), now = at(8)) =>
  selectHints(path, activity, now).map((h) => h.id);

describe('hint catalog', () => {
  it('has the ten hint ids of the product (and our connection-problem template), each with a type, title, message and priority', () => {
    expect(Object.keys(HINTS).sort()).toEqual([...HINT_IDS].sort());
    for (const hint of Object.values(HINTS)) {
      expect(hint.title.length).toBeGreaterThan(0);
      expect(hint.message.length).toBeGreaterThan(0);
      expect(['suggestion', 'tip', 'insight', 'warning', 'optimization']).toContain(hint.type);
    }
  });

  it('sends every action to one of the hint targets the product lists', () => {
    const targets = new Set([
      '/dashboard?customize=true',
      '/felix?task=quick-start',
      '/felix?task=automation',
      '/social?tab=calendar',
      '/social?action=create-post',
      '/reviews?action=templates',
      '/settings?tab=integrations',
      '/reports?action=generate',
      '/leads?action=optimize',
      // Ours (issue 14): the live connection-problem hint opens the health centre.
      '/settings?tab=connections',
      // Ours (issue 19): the AI Coach's tabs.
      '/ai-coach?tab=goals',
      '/ai-coach?tab=revenue',
    ]);
    for (const hint of Object.values(HINTS)) {
      const target = hint.action?.target ?? '';
      const generic = `/felix?hint=${hint.id}&action=${hint.action?.id}`;
      expect(targets.has(target) || target === generic, `${hint.id} -> ${target}`).toBe(true);
    }
  });

  it('states the spec figures: 40% more leads, 6-8 PM weekdays and 10 AM-2 PM weekends', () => {
    expect(HINTS['productivity-boost'].message).toContain('40% more leads');
    expect(HINTS['peak-posting-times'].message).toMatch(/6-8 PM on weekdays/);
    expect(HINTS['peak-posting-times'].message).toMatch(/10 AM-2 PM on weekends/);
  });

  it('reacts to /dashboard, /social, /analytics or /reports, /reviews and /leads only', () => {
    expect(contextOf('/dashboard')).toBe('dashboard');
    expect(contextOf('/social?tab=calendar')).toBe('social');
    expect(contextOf('/analytics')).toBe(contextOf('/reports'));
    expect(contextOf('/leads/42')).toBe('leads');
    expect(contextOf('/ai-coach?tab=goals')).toBe('coach');
    expect(contextOf('/settings')).toBeNull();
    expect(contextOf('/felix')).toBeNull();
  });
});

describe('selectHints', () => {
  it('gives /ai-coach its own hints, each opening a tab the coach page has', () => {
    expect(ids('/ai-coach')).toEqual(['coach-revenue-by-source', 'coach-weekly-goal']);
    expect(ids('/ai-coach', withDismissed(emptyActivity(), 'coach-weekly-goal'))).toEqual(['coach-revenue-by-source']);
  });

  it('gives each page its own hints, most urgent first', () => {
    expect(ids('/dashboard')).toEqual(['quick-start-guide', 'dashboard-optimization', 'productivity-boost']);
    expect(ids('/social')).toEqual(['peak-posting-times', 'content-calendar']);
    expect(ids('/analytics')).toEqual(['connect-analytics', 'monthly-review']);
    expect(ids('/reports')).toEqual(['connect-analytics', 'monthly-review']);
    expect(ids('/reviews')).toEqual(['review-response-template']);
    expect(ids('/leads')).toEqual(['lead-scoring']);
    expect(ids('/settings')).toEqual([]);
  });

  it('adds the business-hours hint only from 9:00 to 17:59 local time', () => {
    expect(isBusinessHours(at(8))).toBe(false);
    expect(isBusinessHours(at(9))).toBe(true);
    expect(isBusinessHours(at(17))).toBe(true);
    expect(isBusinessHours(at(18))).toBe(false);
    expect(ids('/dashboard', emptyActivity(), at(9))).toContain('business-hours-opportunity');
    expect(ids('/dashboard', emptyActivity(), at(17))).toContain('business-hours-opportunity');
    expect(ids('/dashboard', emptyActivity(), at(18))).not.toContain('business-hours-opportunity');
  });

  it('drops dismissed hints but never connect-analytics, which cannot be dismissed', () => {
    const activity = withDismissed(withDismissed(emptyActivity(), 'monthly-review'), 'connect-analytics');
    expect(ids('/analytics', activity)).toEqual(['connect-analytics']);
    expect(HINTS['connect-analytics'].dismissible).toBe(false);
  });

  it('drops a hint whose action the user already took, and the quick-start guide after a few dashboard visits', () => {
    let activity = withCompletedAction(emptyActivity(), 'lead-scoring', 'optimize');
    expect(ids('/leads', activity)).toEqual([]);
    for (let i = 0; i < 4; i += 1) activity = withPageView(activity, '/dashboard', at(10));
    expect(ids('/dashboard', activity)).not.toContain('quick-start-guide');
  });
});

describe('rotation', () => {
  it('moves on every 10 seconds and wraps around', () => {
    expect(HINT_ROTATION_MS).toBe(10_000);
    expect(nextHintIndex(0, 3)).toBe(1);
    expect(nextHintIndex(2, 3)).toBe(0);
    expect(nextHintIndex(0, 0)).toBe(0);
  });
});

describe('connection problem hints', () => {
  const problem = {
    provider: 'google' as const,
    state: 'problem' as const,
    source: 'oauth' as const,
    accountName: 'Rosa Plumbing — Downtown',
    accountId: 'accounts/1/locations/2',
    scopes: [],
    lastSuccessAt: null,
    lastCheckedAt: null,
    expiresAt: null,
    problem: {
      code: 'revoked' as const,
      reason: 'the access was revoked',
      message: 'Google no longer lets Fieldwise in. Reconnect Google to restore it.',
      action: 'Reconnect Google',
      fix: 'reconnect' as const,
      since: '2026-11-20T10:00:00.000Z',
    },
  };

  it('turns each broken connection into a first, undismissable "Reconnect" hint on pages with hints only', () => {
    const [hint] = connectionHints('/leads', [problem]);
    expect(hint).toMatchObject({
      id: 'connection-problem',
      title: 'Reconnect Google',
      context: 'leads',
      dismissible: false,
      action: { label: 'Reconnect Google', target: '/settings?tab=connections' },
    });
    expect(connectionHints('/settings', [problem])).toEqual([]);
    expect(connectionHints('/dashboard', [{ ...problem, state: 'healthy', problem: null }])).toEqual([]);
  });

  it('never picks the template from the catalog', () => {
    expect(selectHints('/dashboard', emptyActivity(), new Date()).map((h) => h.id)).not.toContain('connection-problem');
  });
});
