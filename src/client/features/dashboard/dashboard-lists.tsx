import type { ReactNode } from 'react';
import { Activity, MessageSquare, Star, Users, type LucideIcon } from 'lucide-react';
import type { TDashboard } from '@shared/schemas/dashboard';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { relativeTime } from './format';

function activityIcon(type: string): LucideIcon {
  if (type.startsWith('lead')) return Users;
  if (type.startsWith('review')) return Star;
  if (type.startsWith('social') || type.startsWith('post')) return MessageSquare;
  return Activity;
}

export function ListCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 p-4 sm:p-6">
        <h2 className="text-base leading-tight font-semibold sm:text-lg">{title}</h2>
        {action}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

export function Empty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
      <Icon aria-hidden="true" className="size-6 text-slate-400" />
      {children}
    </div>
  );
}

export function RecentActivity({ items, now }: { items: TDashboard['recentActivity']; now: Date }) {
  return (
    <ListCard title="Recent Activity">
      {items.length === 0 ? (
        <Empty icon={Activity}>No activity yet. New leads, review replies and posts show up here as they happen.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => {
            const Icon = activityIcon(item.type);
            return (
              // On a phone the time moves under the text so the title keeps the width.
              <li
                key={item.id}
                className="grid grid-cols-[auto_1fr] gap-x-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[auto_1fr_auto]"
              >
                <span className="row-span-2 mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:row-span-1">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{item.title}</p>
                  {item.description && <p className="truncate text-sm text-slate-600">{item.description}</p>}
                </div>
                <time
                  dateTime={item.createdAt}
                  className="col-start-2 mt-0.5 text-xs whitespace-nowrap text-slate-500 sm:col-start-3 sm:row-start-1 sm:mt-0"
                >
                  {relativeTime(item.createdAt, now)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

export function ListSkeleton({ title }: { title: string }) {
  return (
    <ListCard title={title}>
      <ul aria-busy="true" className="space-y-4">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
