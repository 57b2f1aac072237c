import { z } from 'zod';
import { zString } from './string.ts';

export const TASK_STATUSES = ['pending', 'completed'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

/** Page size of GET /api/tasks. */
export const TASKS_PAGE_MAX = 100;

const title = zString({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');
const description = zString()
  .trim()
  .max(2000, 'Description must be at most 2000 characters')
  .transform((v) => v || null);
/** An ISO date-time with an offset (the client sends the business-time due moment as UTC). */
const dueAt = z.iso.datetime({ offset: true, error: 'Please choose a valid due date' }).nullable();
const linkId = z.uuid({ error: 'That link is not valid' });

/** POST /api/tasks: a title is required; the rest is optional. */
export const ZCreateTaskRequest = z.object({
  title,
  description: description.optional(),
  dueAt: dueAt.optional(),
  leadId: linkId.optional(),
  reviewId: linkId.optional(),
});
export type TCreateTaskRequest = z.input<typeof ZCreateTaskRequest>;
export type TCreateTask = z.output<typeof ZCreateTaskRequest>;

/** PATCH /api/tasks/:id: any of title, description, due date and status. */
export const ZUpdateTaskRequest = z
  .object({
    title: title.optional(),
    description: description.optional(),
    dueAt: dueAt.optional(),
    status: z.enum(TASK_STATUSES, { error: 'Status must be pending or completed' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TUpdateTaskRequest = z.input<typeof ZUpdateTaskRequest>;
export type TUpdateTask = z.output<typeof ZUpdateTaskRequest>;

export const ZTaskListQuery = z.object({
  status: z.enum([...TASK_STATUSES, 'all'], { error: 'Status must be pending, completed or all' }).default('pending'),
  limit: z.coerce.number().int().min(1).max(TASKS_PAGE_MAX).default(50),
});

export const ZTask = z.object({
  id: zString(),
  title: zString(),
  description: zString().nullable(),
  type: zString().nullable(),
  status: z.enum(TASK_STATUSES),
  progress: z.number(),
  dueAt: zString().nullable(),
  completedAt: zString().nullable(),
  leadId: zString().nullable(),
  reviewId: zString().nullable(),
  /** The linked lead's name, to show what the task is about. */
  leadName: zString().nullable(),
  createdAt: zString(),
});
export type TTask = z.infer<typeof ZTask>;

export const ZTaskList = z.object({
  tasks: z.array(ZTask),
  overdue: z.number(),
  /** The business's time zone: due dates are entered and shown in it. */
  timezone: zString(),
});
export type TTaskList = z.infer<typeof ZTaskList>;
