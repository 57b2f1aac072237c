import type { TDashboardCardId, TDashboardLayout } from '@shared/dashboard-layout';

/** The cards the user can choose, with the names the Customize panel shows. */
export const CARD_LABELS: Record<TDashboardCardId, string> = {
  stats: 'Performance figures',
  'next-steps': 'Next steps',
  'recent-activity': 'Recent Activity',
  'upcoming-tasks': 'Upcoming Tasks',
  'quick-actions': 'Quick Actions',
};

/** Moves `id` one place up (-1) or down (+1); at an end nothing changes. */
export function moveCard(layout: TDashboardLayout, id: TDashboardCardId, by: -1 | 1): TDashboardLayout {
  const order = [...layout.order];
  const from = order.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return layout;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...layout, order };
}

export function toggleCard(layout: TDashboardLayout, id: TDashboardCardId, shown: boolean): TDashboardLayout {
  const hidden = layout.hidden.filter((h) => h !== id);
  return { ...layout, hidden: shown ? hidden : [...hidden, id] };
}
