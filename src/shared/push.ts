// What the owner's phone can be told by push (issue 37), zod-free so Settings can list it.

/** The kinds of push a member chooses among, per device-independent choice. */
export const PUSH_KINDS = ['new_lead', 'new_message', 'low_review', 'post_failed', 'connection', 'task_due'] as const;
export type TPushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<TPushKind, string> = {
  new_lead: 'New lead',
  new_message: 'New message',
  low_review: 'Review of 3 stars or less',
  post_failed: 'A post failed',
  connection: 'A connection needs attention',
  task_due: 'A task is due',
};

/** What one push says and where tapping it goes (a path of the app). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}
