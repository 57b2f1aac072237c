import { useId, useState, type FormEvent, type RefObject } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { TTask } from '@shared/schemas/tasks';
// eslint-disable-next-line no-restricted-imports -- the task form is mounted on intent (MountWhen)
import { ZCreateTaskRequest } from '@shared/schemas/tasks';
import { isoToZoned, zonedToIso } from '@shared/zoned-time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { checkSchema } from '@/components/form/check-schema';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { taskFailures, useDeleteTask, useSaveTask } from './tasks-api';

const ORDER = ['title', 'description', 'dueDate', 'dueTime'] as const;

function initialValues(task: TTask | undefined, timezone: string) {
  const due = task?.dueAt ? isoToZoned(task.dueAt, timezone) : null;
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: due?.date ?? '',
    dueTime: due?.time ?? '09:00',
  };
}

/**
 * Add or edit a task. Due dates are the business's wall-clock time, whatever the phone's zone. Its
 * own chunk (with zod), loaded when its button is first pointed at or pressed (task-dialog.tsx).
 */
export default function TaskForm({
  task,
  timezone,
  open,
  setOpen,
  returnFocusTo,
}: {
  task?: TTask;
  timezone: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The button that opened it: focus goes back to it on close, also after a tap that never focused it. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const { values, setValues, setField, errors, setErrors } = useFormFields(initialValues(task, timezone));
  const save = useSaveTask();
  const remove = useDeleteTask();

  // Every opening starts from the task as it is now (mounted once, kept mounted after closing).
  const [openedFor, setOpenedFor] = useState<boolean>(false);
  if (open !== openedFor) {
    setOpenedFor(open);
    if (open) {
      setValues(initialValues(task, timezone));
      setErrors({});
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const dueAt = values.dueDate ? zonedToIso(values.dueDate, values.dueTime || '09:00', timezone) : null;
    const checked = checkSchema(ZCreateTaskRequest, { title: values.title, description: values.description, dueAt });
    sendIfValid(checked, { idPrefix: id, order: ORDER, setErrors }, (data, onError) =>
      save.mutate(
        { ...(task ? { id: task.id } : {}), body: { ...data, description: data.description ?? '' } },
        {
          onSuccess: () => {
            toast({ title: task ? 'Task updated' : 'Task added' });
            setOpen(false);
          },
          onError: (error) => {
            onError(error);
            toast({ title: 'Error', description: taskFailures.save, variant: 'destructive' });
          },
        },
      ),
    );
  }

  function onDelete() {
    if (!task) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        toast({ title: 'Task deleted' });
        setOpen(false);
      },
      onError: () => toast({ title: 'Error', description: taskFailures.remove, variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>{task ? 'Edit Task' : 'Add Task'}</DialogTitle>
          <DialogDescription>Due times are in your business&apos;s time zone ({timezone}).</DialogDescription>
        </DialogHeader>
        <form noValidate aria-label={task ? 'Edit Task' : 'Add Task'} onSubmit={onSubmit} className="space-y-4">
          <TextField
            id={`${id}-title`}
            label="Title"
            value={values.title}
            onChange={(e) => setField('title', e.target.value)}
            error={errors.title}
            placeholder="e.g. Call back Maria about the AC quote"
            required
          />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-description`}>Notes (optional)</Label>
            <Textarea
              id={`${id}-description`}
              rows={3}
              value={values.description}
              onChange={(e) => setField('description', e.target.value)}
              aria-invalid={errors.description ? true : undefined}
            />
            {errors.description && <p className="text-sm text-red-600">{errors.description}</p>}
          </div>
          <div className="grid grid-cols-2 gap-4">
            <TextField
              id={`${id}-dueDate`}
              label="Due date (optional)"
              type="date"
              value={values.dueDate}
              onChange={(e) => setField('dueDate', e.target.value)}
              error={errors.dueAt}
            />
            <TextField
              id={`${id}-dueTime`}
              label="Time"
              type="time"
              value={values.dueTime}
              onChange={(e) => setField('dueTime', e.target.value)}
              disabled={!values.dueDate}
            />
          </div>
          <DialogFooter className="gap-2">
            {task && (
              <Button
                type="button"
                variant="outline"
                className="text-red-700 sm:mr-auto"
                onClick={onDelete}
                disabled={remove.isPending}
              >
                Delete
              </Button>
            )}
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {save.isPending ? 'Saving...' : task ? 'Save Task' : 'Add Task'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
