import { useRef } from 'react';
import { Link } from 'wouter';
import {
  Bot,
  Building2,
  FileBarChart,
  Globe,
  LogOut,
  Search,
  Settings,
  Sparkles,
  User,
  type LucideIcon,
} from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TAuthUser } from '@shared/schemas/auth';
import { openFelix } from '@/features/felix/felix-open';
import { useLogout } from '@/lib/auth/use-auth';
import { USER_MENU_BUTTON_CLASS, UserMenuLabel, userMenuName } from './user-menu-label';

const ACCOUNT_PAGES = [
  { href: '/settings?tab=profile', label: 'Profile', icon: User },
  { href: '/settings', label: 'Settings', icon: Settings },
] as const;
// The spec's alternate menu: the assistant and the coach, a press away from any page.
const HELP_PAGES = [{ href: '/ai-coach', label: 'AI Coach', icon: Sparkles }] as const;
const MORE_PAGES = [
  { href: '/reports', label: 'Reports', icon: FileBarChart },
  { href: '/seo', label: 'SEO & Keywords', icon: Search },
  { href: '/godaddy', label: 'Domains (GoDaddy)', icon: Globe },
  { href: '/businesses', label: 'Businesses', icon: Building2 },
] as const;

/**
 * The account menu itself (Radix's dropdown with floating-ui, ~25 KB): its own chunk, loaded on
 * the first press of the button that `UserMenu` shows until then, and opened at once.
 */
export default function UserMenuReal({ user, defaultOpen }: { user: TAuthUser; defaultOpen?: boolean }) {
  const logout = useLogout();
  const name = userMenuName(user);
  // Felix opens once the menu has closed (it holds the focus while open), and takes the focus
  // instead of the menu's button.
  const toFelix = useRef(false);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={USER_MENU_BUTTON_CLASS}>
        <UserMenuLabel user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-60"
        onCloseAutoFocus={(event) => {
          if (!toFelix.current) return;
          toFelix.current = false;
          event.preventDefault();
          openFelix();
        }}
      >
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          {name !== user.email ? (
            <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <PageItems pages={ACCOUNT_PAGES} />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            toFelix.current = true;
          }}
        >
          <Bot aria-hidden="true" />
          Chat with Felix
        </DropdownMenuItem>
        <PageItems pages={HELP_PAGES} />
        <DropdownMenuSeparator />
        {/* Pages without a top tab (the spec's alternate bar, in the footer, lists them too). */}
        <PageItems pages={MORE_PAGES} />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing out…' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function PageItems({ pages }: { pages: readonly { href: string; label: string; icon: LucideIcon }[] }) {
  return pages.map(({ href, label, icon: Icon }) => (
    <DropdownMenuItem key={href} asChild>
      <Link href={href}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenuItem>
  ));
}
