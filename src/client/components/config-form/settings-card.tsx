import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** One titled section of a settings tab; `badge` sits beside the title (e.g. Connected). */
export function SettingsCard({
  id,
  title,
  description,
  badge,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h2 id={id} className="text-lg leading-tight font-semibold text-slate-900">
              {title}
            </h2>
            {badge}
          </div>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
