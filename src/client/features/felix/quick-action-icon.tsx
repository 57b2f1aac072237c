import { BarChart3, MessageSquare, PlusCircle, Search, Star, Users, Zap, type LucideIcon } from 'lucide-react';
import type { TQuickAction } from '@shared/schemas/felix';

/** The seven icons a quick action may carry. */
const ICONS: Record<TQuickAction['icon'], LucideIcon> = {
  PlusCircle,
  Users,
  Star,
  BarChart3,
  MessageSquare,
  Search,
  Zap,
};

export function QuickActionIcon({ icon }: { icon: TQuickAction['icon'] }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" data-icon={icon} />;
}
