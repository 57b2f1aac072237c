import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCreateGoalRequest, TGoal } from '@shared/schemas/coach';
import { resetToasts } from '@/components/ui/use-toast';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const goal = (input: TCreateGoalRequest): TGoal => ({
  id: '6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
  title: input.title,
  description: input.description ?? null,
  goalType: 'weekly',
  category: 'content',
  priority: 'medium',
  targetValue: 3,
  currentValue: 0,
  unit: 'posts',
  progress: 0,
  status: 'active',
  periodStart: new Date().toISOString(),
  dueDate: input.dueDate ?? null,
  completedAt: null,
  createdAt: new Date().toISOString(),
});

describe('the New goal form', { timeout: 20_000 }, () => {
  it('sends the description and the due date (the end of that day) with the goal', async () => {
    const sent: TCreateGoalRequest[] = [];
    mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'GET /api/ai-coach/goals': () => json(200, { goals: sent.map(goal), points: 0, level: 1, achievements: [] }),
      'POST /api/ai-coach/goals': (init) => {
        sent.push(JSON.parse(String(init?.body)) as TCreateGoalRequest);
        return json(201, goal(sent.at(-1)!));
      },
      'POST /api/ai-coach/sessions': () => json(200, {}),
      'POST /api/events': () => json(202, {}),
    });
    renderApp('/ai-coach?tab=goals');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Publish 3 posts this week');
    await user.type(screen.getByLabelText('Target'), '3');
    await user.type(screen.getByLabelText('Description (optional)'), 'Spring tune-up push');
    const due = screen.getByLabelText('Due date (optional)');
    expect(due).toHaveAttribute('type', 'date');
    await user.type(due, '2099-03-14');
    await user.click(screen.getByRole('button', { name: 'Create Goal' }));

    expect(await screen.findByText('Goal Created')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        title: 'Publish 3 posts this week',
        targetValue: 3,
        description: 'Spring tune-up push',
        dueDate: new Date('2099-03-14T23:59:59').toISOString(),
      }),
    ]);
    // The new goal shows what it is for and when it is due.
    const row = await screen.findByRole('listitem', { name: 'Publish 3 posts this week' });
    expect(row).toHaveTextContent('Spring tune-up push');
    expect(row).toHaveTextContent('due Mar 14');
    // The form starts over for the next goal.
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Due date (optional)')).toHaveValue('');
  });
});
