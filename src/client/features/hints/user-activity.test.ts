import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_STORAGE_KEY,
  emptyActivity,
  loadActivity,
  pathOf,
  saveActivity,
  withCompletedAction,
  withDismissed,
  withPageView,
  withTimeSpent,
} from './user-activity';

describe('user activity', () => {
  it('counts page views, time and last visit per path, and remembers actions and dismissals once', () => {
    const now = new Date('2026-03-10T15:00:00.000Z');
    let a = withPageView(withPageView(emptyActivity(), '/leads', now), '/leads', now);
    a = withTimeSpent(withTimeSpent(a, '/leads', 1500), '/leads', 500);
    a = withCompletedAction(withCompletedAction(a, 'lead-scoring', 'optimize'), 'lead-scoring', 'optimize');
    a = withDismissed(withDismissed(a, 'monthly-review'), 'monthly-review');
    expect(a).toEqual({
      pageViews: { '/leads': 2 },
      timeSpent: { '/leads': 2000 },
      lastVisit: { '/leads': '2026-03-10T15:00:00.000Z' },
      completedActions: ['lead-scoring:optimize'],
      dismissedHints: ['monthly-review'],
    });
  });

  it('round-trips through localStorage and starts afresh from unreadable data', () => {
    const a = withPageView(emptyActivity(), '/dashboard', new Date());
    saveActivity(a);
    expect(loadActivity()).toEqual(a);
    window.localStorage.setItem(ACTIVITY_STORAGE_KEY, '{not json');
    expect(loadActivity()).toEqual(emptyActivity());
    window.localStorage.setItem(
      ACTIVITY_STORAGE_KEY,
      JSON.stringify({ pageViews: { '/a': 'x', '/b': 2 }, dismissedHints: [1, 'x'] }),
    );
    expect(loadActivity()).toMatchObject({ pageViews: { '/b': 2 }, dismissedHints: ['x'], completedActions: [] });
  });

  it('tracks paths without their query', () => {
    expect(pathOf('/social?tab=calendar')).toBe('/social');
    expect(pathOf('/leads')).toBe('/leads');
  });
});
