import { Link } from 'wouter';
import { Building2, FileBarChart, Globe, LogOut, Search, Settings, User } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TAuthUser } from '@shared/schemas/auth';
import { useLogout } from '@/lib/auth/use-auth';
import { initialsOf } from '@/lib/utils';

const MORE_PAGES = [
  { href: '/reports', label: 'Reports', icon: FileBarChart },
  { href: '/seo', label: 'SEO & Keywords', icon: Search },
  { href: '/godaddy', label: 'Domains (GoDaddy)', icon: Globe },
  { href: '/businesses', label: 'Businesses', icon: Building2 },
] as const;

export function UserMenu({ user }: { user: TAuthUser }) {
  const logout = useLogout();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700">
        {/* The name comes from hidden text, not aria-label: a label that does not contain the
            visible initials fails "label in name" (WCAG 2.5.3) for speech users. */}
        <span aria-hidden="true">{initialsOf(user)}</span>
        <span className="sr-only">Account menu for {name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          {name !== user.email ? (
            <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings?tab=profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {/* The spec's alternate bar: pages without a top tab are reached from here. */}
        {MORE_PAGES.map(({ href, label, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <Link href={href}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing out…' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
