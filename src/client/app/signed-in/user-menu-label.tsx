import type { TAuthUser } from '@shared/schemas/auth';
import { initialsOf } from '@/lib/utils';

// What the account menu's button shows, the same before and after the menu's chunk has loaded
// (user-menu.tsx, user-menu-real.tsx).

export const USER_MENU_BUTTON_CLASS =
  'flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700';

export function userMenuName(user: TAuthUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

export function UserMenuLabel({ user }: { user: TAuthUser }) {
  return (
    <>
      {/* The name comes from hidden text, not aria-label: a label that does not contain the
          visible initials fails "label in name" (WCAG 2.5.3) for speech users. */}
      <span aria-hidden="true">{initialsOf(user)}</span>
      <span className="sr-only">Account menu for {userMenuName(user)}</span>
    </>
  );
}
