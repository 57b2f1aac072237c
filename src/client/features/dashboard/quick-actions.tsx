import { BarChart3, PlusCircle, Star, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The four quick actions of the spec. */
const ACTIONS = [
  { label: 'Create Social Post', href: '/social?action=create-post', icon: PlusCircle },
  { label: 'Add New Lead', href: '/leads?action=add', icon: Users },
  { label: 'Manage Reviews', href: '/reviews', icon: Star },
  { label: 'View Analytics', href: '/analytics', icon: BarChart3 },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-base leading-tight font-semibold sm:text-lg">Quick Actions</h2>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
          {ACTIONS.map(({ label, href, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className={cn(
                  buttonVariants({ variant: 'outline' }),
                  'h-auto w-full flex-col gap-1.5 py-3 text-center whitespace-normal sm:flex-row sm:py-2.5',
                )}
              >
                <Icon aria-hidden="true" className="text-brand-600" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
