import { useRef, useState, type ReactElement } from 'react';
import { Slot } from '@radix-ui/react-slot';
import type { TTask } from '@shared/schemas/tasks';
import { lazyPage, MountWhen } from '@/lib/lazy-page';

/** The form and its schema (zod) load on intent, not with the dashboard. */
const TaskForm = lazyPage(() => import('./task-form'));
const preload = () => void TaskForm.preload();

/** `trigger` (a button) opens the Add or Edit Task dialog. */
export function TaskDialog({ task, timezone, trigger }: { task?: TTask; timezone: string; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLElement>(null);
  return (
    <>
      <Slot
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {trigger}
      </Slot>
      <MountWhen when={open}>
        <TaskForm task={task} timezone={timezone} open={open} setOpen={setOpen} returnFocusTo={button} />
      </MountWhen>
    </>
  );
}
