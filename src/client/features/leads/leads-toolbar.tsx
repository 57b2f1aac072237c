import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Search } from 'lucide-react';
import { LEAD_PRIORITIES, LEAD_STATUSES, type TLeadPriority, type TLeadStatus } from '@shared/leads';
import { Input } from '@/components/ui/input';
import { PRIORITY_LABELS, STATUS_LABELS } from './lead-format';
import { NativeSelect } from './native-select';

/** Typing pauses this long before the search is sent, so one word is one request. */
const SEARCH_DEBOUNCE_MS = 250;

export interface ToolbarValues {
  /** The search as sent: trimmed, once typing has paused. */
  search: string;
  status: TLeadStatus | 'all';
  priority: TLeadPriority | 'all';
}

/**
 * Search and the status and priority filters. The box's text lives here: a keystroke redraws the
 * toolbar alone, and the page (with its list) only once typing pauses; redrawing the list on every
 * key put ~90 ms between a key and its letter on a phone (issue 39).
 */
export function LeadsToolbar({
  values,
  onChange,
}: {
  values: ToolbarValues;
  onChange: Dispatch<SetStateAction<ToolbarValues>>;
}) {
  const id = useId();
  const [text, setText] = useState(values.search);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => onChange((v) => ({ ...v, search: next.trim() })), SEARCH_DEBOUNCE_MS);
  };
  return (
    <div
      role="search"
      aria-label="Find leads"
      className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:items-center"
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search leads
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Search name, service or location"
          value={text}
          maxLength={100}
          onChange={(e) => type(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 md:flex">
        <label htmlFor={`${id}-status`} className="sr-only">
          Status
        </label>
        <NativeSelect
          id={`${id}-status`}
          value={values.status}
          onChange={(e) => onChange({ ...values, status: e.target.value as ToolbarValues['status'] })}
          className="md:w-40"
        >
          <option value="all">All Status</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
        <label htmlFor={`${id}-priority`} className="sr-only">
          Priority
        </label>
        <NativeSelect
          id={`${id}-priority`}
          value={values.priority}
          onChange={(e) => onChange({ ...values, priority: e.target.value as ToolbarValues['priority'] })}
          className="md:w-40"
        >
          <option value="all">All Priority</option>
          {LEAD_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
