import { useUnreadCount } from './inbox-api';

/** The Inbox tab's count of threads with an unread customer message (nothing when none). */
export function InboxUnreadBadge() {
  const unread = useUnreadCount().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
      <span className="sr-only">, </span>
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
