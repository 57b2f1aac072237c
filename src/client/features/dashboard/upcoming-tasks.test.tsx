import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { TTask } from '@shared/schemas/tasks';
import { DEFAULT_DASHBOARD_LAYOUT } from '@shared/dashboard-layout';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const task: TTask = {
  id: 'task-1',
  title: 'Call back Maria',
  description: 'About the AC quote',
  type: null,
  status: 'pending',
  progress: 0,
  dueAt: '2030-05-01T13:00:00.000Z',
  completedAt: null,
  leadId: null,
  reviewId: null,
  leadName: null,
  createdAt: '2030-04-01T13:00:00.000Z',
};

it(
  'edits a task from the list: the dialog opens on the task as it is, saves, and gives focus back',
  {
    timeout: 20_000,
  },
  async () => {
    const patches: unknown[] = [];
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      '/api/dashboard': () => json(200, { ...emptyDashboard(), upcomingTasks: [task] }),
      '/api/felix/next-steps': () => json(200, { planSaved: false, done: 0, total: 0, steps: [] }),
      '/api/dashboard/layout': () => json(200, DEFAULT_DASHBOARD_LAYOUT),
      'PATCH /api/tasks/task-1': (init) => {
        const body: unknown = JSON.parse(String(init?.body));
        patches.push(body);
        return json(200, { ...task, ...(body as object) });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const edit = await screen.findByRole('button', { name: /^Edit: Call back Maria/ }, SLOW);

    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' }, SLOW);
    const title = within(dialog).getByLabelText(/Title/);
    expect(title).toHaveValue('Call back Maria');
    await user.clear(title);
    await user.type(title, 'Call back Maria today');
    await user.click(within(dialog).getByRole('button', { name: 'Save Task' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([
      expect.objectContaining({ title: 'Call back Maria today', description: 'About the AC quote' }),
    ]);
    expect(edit).toHaveFocus();

    // Opened again, it starts from the task, not from what was typed last time.
    await user.click(edit);
    const again = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(again).getByLabelText(/Title/)).toHaveValue('Call back Maria');
  },
);
