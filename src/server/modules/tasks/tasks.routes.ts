import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import { ZCreateTaskRequest, ZTask, ZTaskList, ZTaskListQuery, ZUpdateTaskRequest } from '#shared/schemas/tasks.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as tasks from './tasks.service.ts';

// Any string: a malformed id is a 404 from the service, like a missing task.
const ZTaskParams = z.object({ id: z.string().max(64) });

/** The business's to-do list: every member may read, add, edit and complete tasks. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = tasks.tasksDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get(
    '/tasks',
    { ...auth, schema: { querystring: ZTaskListQuery, response: { 200: ZTaskList } } },
    async (request) => tasks.listTasks(deps, authOf(request), request.query),
  );

  app.post(
    '/tasks',
    { ...auth, schema: { body: ZCreateTaskRequest, response: { 201: ZTask } } },
    async (request, reply) => reply.code(201).send(await tasks.createTask(deps, authOf(request), request.body)),
  );

  app.patch(
    '/tasks/:id',
    { ...auth, schema: { params: ZTaskParams, body: ZUpdateTaskRequest, response: { 200: ZTask } } },
    async (request) => tasks.updateTask(deps, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/tasks/:id',
    { ...auth, schema: { params: ZTaskParams, response: { 200: ZMessage } } },
    async (request) => {
      await tasks.deleteTask(deps, authOf(request), request.params.id);
      return { message: 'Task deleted.' };
    },
  );
};
