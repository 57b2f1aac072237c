import { CalendarClock, CheckCircle2, Circle, Plus } from 'lucide-react';
import type { TTask } from '@shared/schemas/tasks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { TaskDialog } from './task-dialog';
import { taskFailures, useSaveTask } from './tasks-api';
import { cn } from '@/lib/utils';
import { Empty, ListCard } from './dashboard-lists';
import { dueLabel } from './format';

/** The next pending tasks: tick one off, tap it to edit, or add one. Overdue ones are in red. */
export function UpcomingTasks({ items, now, timezone }: { items: TTask[]; now: Date; timezone: string }) {
  const save = useSaveTask();
  const complete = (task: TTask) =>
    save.mutate(
      { id: task.id, body: { status: 'completed' } },
      {
        onSuccess: () => toast({ title: 'Task completed', description: task.title }),
        onError: () => toast({ title: 'Error', description: taskFailures.save, variant: 'destructive' }),
      },
    );

  const addButton = (
    <TaskDialog
      timezone={timezone}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      }
    />
  );

  return (
    <ListCard title="Upcoming Tasks" action={addButton}>
      {items.length === 0 ? (
        <Empty icon={CheckCircle2}>No upcoming tasks. You're all caught up.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((task) => {
            const overdue = task.dueAt !== null && Date.parse(task.dueAt) < now.getTime();
            return (
              <li key={task.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <button
                  type="button"
                  onClick={() => complete(task)}
                  disabled={save.isPending}
                  aria-label={`Mark "${task.title}" done`}
                  className="group -m-1.5 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-400 hover:text-emerald-600 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                >
                  <Circle aria-hidden="true" className="size-5 group-hover:hidden" />
                  <CheckCircle2 aria-hidden="true" className="hidden size-5 group-hover:block" />
                </button>
                <TaskDialog
                  task={task}
                  timezone={timezone}
                  trigger={
                    <button type="button" className="min-w-0 flex-1 text-left">
                      <p className="text-sm font-medium text-slate-900">
                        <span className="sr-only">Edit:</span> {task.title}
                      </p>
                      {task.description && <p className="truncate text-sm text-slate-600">{task.description}</p>}
                      <p className={cn('mt-0.5 text-xs', overdue ? 'font-medium text-red-700' : 'text-slate-500')}>
                        <CalendarClock aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
                        {task.dueAt ? (
                          <time dateTime={task.dueAt}>{dueLabel(task.dueAt, now, timezone)}</time>
                        ) : (
                          dueLabel(null, now, timezone)
                        )}
                        {task.leadName && ` · ${task.leadName}`}
                        {task.progress > 0 && ` · ${task.progress}% done`}
                      </p>
                    </button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}
