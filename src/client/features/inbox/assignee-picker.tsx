import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useAssignees } from './inbox-api';

const NOBODY = '';

/** The thread's team member: the "Mine" filter shows a member the threads picked for them. */
export function AssigneePicker({
  threadId,
  assigneeId,
  userId,
  disabled,
  onChange,
}: {
  threadId: string;
  assigneeId: string | null;
  userId: string;
  disabled: boolean;
  onChange: (assigneeId: string | null) => void;
}) {
  const id = useId();
  const team = useAssignees();
  const members = team.data?.members ?? [];
  const nameOf = (m: (typeof members)[number]) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
  const options = [
    { value: NOBODY, label: 'Unassigned' },
    // Me first, then the team by name; a thread's assignee who has left still shows until changed.
    ...members.filter((m) => m.userId === userId).map((m) => ({ value: m.userId, label: `Me (${nameOf(m)})` })),
    ...members
      .filter((m) => m.userId !== userId)
      .map((m) => ({ value: m.userId, label: nameOf(m) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
  if (assigneeId && !options.some((o) => o.value === assigneeId))
    options.push({ value: assigneeId, label: team.isPending ? 'Loading…' : 'A former member' });
  return (
    <div className="min-w-0 flex-1 sm:w-48 sm:flex-none">
      <label htmlFor={`${id}-${threadId}`} className="sr-only">
        Assigned to
      </label>
      <NativeSelect
        id={`${id}-${threadId}`}
        options={options}
        value={assigneeId ?? NOBODY}
        disabled={disabled || team.isError}
        className="h-11 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm disabled:opacity-50 sm:h-9 sm:text-sm"
        onChange={(e) => onChange(e.target.value === NOBODY ? null : e.target.value)}
      />
    </div>
  );
}
