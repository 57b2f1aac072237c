import { Suspense, useState } from 'react';
import type { TAuthUser } from '@shared/schemas/auth';
import { lazyPage } from '@/lib/lazy-page';
import { USER_MENU_BUTTON_CLASS, UserMenuLabel } from './user-menu-label';

// The account menu (Radix's dropdown, floating-ui and their focus and scroll helpers, ~30 KB
// compressed with what only it uses) is not needed to paint a signed-in page: the header shows
// the same button, and the menu's chunk loads when the pointer or focus reaches it. The button
// stays until it is pressed and only then becomes the real menu, already open, so no press can
// land on a button that is being swapped out (decision 014).
const UserMenuReal = lazyPage(() => import('./user-menu-real'));

export function UserMenu({ user }: { user: TAuthUser }) {
  const [pressed, setPressed] = useState(false);
  const button = <UserMenuButton user={user} onPress={() => setPressed(true)} />;
  if (!pressed) return button;
  // While the chunk is still on its way (a press before any hover or focus), the button stays.
  return (
    <Suspense fallback={button}>
      <UserMenuReal user={user} defaultOpen />
    </Suspense>
  );
}

function UserMenuButton({ user, onPress }: { user: TAuthUser; onPress: () => void }) {
  const preload = () => void UserMenuReal.preload().catch(() => undefined);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={USER_MENU_BUTTON_CLASS}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        preload();
        onPress();
      }}
    >
      <UserMenuLabel user={user} />
    </button>
  );
}
