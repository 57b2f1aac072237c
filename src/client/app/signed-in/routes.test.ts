import { describe, expect, it } from 'vitest';
import { APP_TABS, isTabActive, PAGE_META } from './routes';

describe('isTabActive', () => {
  it('needs an exact match for Dashboard', () => {
    expect(isTabActive('/dashboard', '/dashboard')).toBe(true);
    expect(isTabActive('/dashboard/widgets', '/dashboard')).toBe(false);
    expect(isTabActive('/', '/dashboard')).toBe(false);
  });

  it('marks other tabs active on their route and anything under it', () => {
    expect(isTabActive('/leads', '/leads')).toBe(true);
    expect(isTabActive('/leads/42', '/leads')).toBe(true);
    expect(isTabActive('/social/calendar/week', '/social')).toBe(true);
    expect(isTabActive('/reviews', '/leads')).toBe(false);
    expect(isTabActive('/leadsx', '/leads')).toBe(false);
  });

  it('lights exactly one tab for each tab route', () => {
    for (const tab of APP_TABS) {
      const active = APP_TABS.filter((other) => isTabActive(tab.href, other.href));
      expect(active.map((t) => t.label)).toEqual([tab.label]);
    }
  });
});

describe('PAGE_META', () => {
  it('uses the spec subtitles for Dashboard and Settings', () => {
    expect(PAGE_META['/dashboard'].subtitle).toBe('Your marketing performance overview');
    expect(PAGE_META['/settings'].subtitle).toBe('Manage your account and preferences');
    expect(PAGE_META['/felix']).toEqual(PAGE_META['/dashboard']);
    expect(PAGE_META['/app']).toEqual(PAGE_META['/dashboard']);
  });

  it('lists the tabs in the spec order, with the Inbox beside Leads', () => {
    expect(APP_TABS.map((t) => t.label)).toEqual([
      'Dashboard',
      'Social Media',
      'Leads',
      'Inbox',
      'Reviews',
      'Analytics',
      'Keywords',
      'Website',
      'AI Coach',
    ]);
  });
});
