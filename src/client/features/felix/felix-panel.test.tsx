import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFelixChatResponse } from '@shared/schemas/felix';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { emptyDashboard } from '@/test-utils/dashboard-fixture';

type Routes = Parameters<typeof mockApi>[0];

const reply: TFelixChatResponse = {
  message: 'You have 3 new leads. (Answered offline from your data.)',
  suggestions: [{ id: 's1', title: 'Open your leads', description: 'See them', category: 'leads', route: '/leads' }],
  quickActions: [{ id: 'q1', label: 'Add Lead', icon: 'Users', action: 'add-lead', route: '/leads' }],
  insights: [
    {
      message: '2 leads have waited more than a day.',
      type: 'warning',
      title: 'Leads waiting',
      impact: 'Call them today',
      route: '/leads',
    },
    {
      message: 'One review has 2 stars and no reply.',
      type: 'tip',
      title: 'Unanswered review',
      impact: 'Protect your rating',
      route: '/reviews',
    },
  ],
  source: 'offline',
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetToasts();
});

async function openFelix(routes: Routes = {}) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, demoUser),
    '/api/dashboard': () => json(200, emptyDashboard()),
    ...routes,
  });
  const app = renderApp('/dashboard');
  const button = await screen.findByRole('button', { name: 'Chat with Felix' });
  expect(screen.queryByRole('dialog', { name: 'Felix' })).not.toBeInTheDocument();
  await user.click(button);
  const panel = await screen.findByRole('dialog', { name: 'Felix' });
  const input = within(panel).getByRole('textbox', { name: 'Message Felix' });
  const send = within(panel).getByRole('button', { name: 'Send message' });
  return { user, fetchMock, app, button, panel, input, send };
}

function chatBody(fetchMock: ReturnType<typeof mockApi>): unknown {
  const index = calledPaths(fetchMock).lastIndexOf('POST /api/felix/chat');
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
}

// Whole-app renders with lazy chunks are slow on a busy machine.
describe('Felix panel', { timeout: 20_000 }, () => {
  it('starts closed, opens with focus in the input and a welcome, and closes with Escape or X returning focus', async () => {
    const { user, button, panel, input } = await openFelix();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveFocus();
    expect(within(panel).getByText(/Hi Dana! I'm Felix/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Felix' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Felix' })).getByRole('button', { name: 'Close Felix' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Felix' })).not.toBeInTheDocument();
  });

  it('adds the welcome insight after 3 seconds; Dismiss removes it and Show Me How goes to its route', async () => {
    const { user, panel, app } = await openFelix();
    expect(within(panel).queryByRole('article')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const card = within(panel).getByRole('article', { name: 'Reply to new leads first' });

    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(within(panel).queryByRole('article')).not.toBeInTheDocument();

    app.unmount();
    const again = await openFelix();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await again.user.click(within(again.panel).getByRole('button', { name: 'Show Me How' }));
    expect(again.app.currentPath()).toBe('/leads');
  });

  it('refuses an empty or blank message', async () => {
    const { user, fetchMock, input, send } = await openFelix({ 'POST /api/felix/chat': () => json(200, reply) });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(calledPaths(fetchMock)).not.toContain('POST /api/felix/chat');
  });

  it('sends on Enter (Shift+Enter breaks the line), disables sending while pending, then shows the reply and its insights 1.5 s apart', async () => {
    let answer: (r: Response) => void = () => {};
    const { user, fetchMock, panel, input, send } = await openFelix({
      'POST /api/felix/chat': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.type(input, 'How many new leads{Shift>}{Enter}{/Shift}do I have?');
    expect(input).toHaveValue('How many new leads\ndo I have?');
    await user.keyboard('{Enter}');

    expect(input).toHaveValue('');
    expect(within(panel).getByRole('status')).toHaveTextContent('Felix is typing');
    await user.type(input, 'and reviews?');
    expect(send).toBeDisabled();
    expect(chatBody(fetchMock)).toEqual({
      messages: [
        { role: 'assistant', content: expect.stringContaining("I'm Felix") },
        { role: 'user', content: 'How many new leads\ndo I have?' },
      ],
      currentPage: '/dashboard',
      model: 'claude-sonnet-4',
    });

    answer(json(200, reply));
    const text = await within(panel).findByText(reply.message);
    const entry = text.closest('li') as HTMLElement;
    expect(within(entry).getByText('Offline')).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'Open your leads' })).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'Add Lead' }).querySelector('[data-icon="Users"]')).not.toBeNull();
    expect(send).toBeEnabled();

    expect(within(panel).queryByRole('article', { name: 'Leads waiting' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(within(panel).getByRole('article', { name: 'Leads waiting' })).toBeInTheDocument();
    expect(within(panel).queryByRole('article', { name: 'Unanswered review' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(within(panel).getByRole('article', { name: 'Unanswered review' })).toBeInTheDocument();
  });

  it('answers in offline style with keyword suggestions and a Connection Issue toast when the call fails', async () => {
    const { user, panel, input } = await openFelix({ 'POST /api/felix/chat': () => json(500, { message: 'boom' }) });
    await user.type(input, 'Any new customer leads?{Enter}');

    const text = await within(panel).findByText(/offline mode\. You asked: "Any new customer leads\?"/);
    const entry = text.closest('li') as HTMLElement;
    const chips = within(within(entry).getByRole('list', { name: 'Suggestions' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Follow up on leads', 'Respond to reviews']);
    expect(within(entry).getByText('Offline')).toBeInTheDocument();

    expect(await screen.findByText('Connection Issue')).toBeInTheDocument();
    expect(screen.getByText('Using offline mode. Some features may be limited.')).toBeInTheDocument();

    await user.type(input, 'write a post{Enter}');
    const second = (await within(panel).findByText(/You asked: "write a post"/)).closest('li') as HTMLElement;
    expect(
      within(second)
        .getAllByRole('button')
        .map((c) => c.textContent),
    ).toEqual(['Create a social post', 'Check your analytics']);
  });

  it('offers the server models with claude-sonnet-4 chosen and unconfigured ones disabled, and sends the chosen model', async () => {
    const models = [
      { id: 'claude-sonnet-4', name: 'Claude 4.0 Sonnet', provider: 'anthropic', description: '', available: false },
      { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', description: '', available: true },
    ];
    const { user, fetchMock, panel, input } = await openFelix({
      '/api/felix/models': () => json(200, { models }),
      'POST /api/felix/chat': () => json(200, { ...reply, insights: [] }),
    });
    const select = within(panel).getByRole('combobox', { name: 'Model' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Claude 4.0 Sonnet (not configured)' })).toBeDisabled(),
    );
    expect(select).toHaveValue('claude-sonnet-4');
    expect(within(panel).getByText(/offline engine answers/)).toBeInTheDocument();

    await user.selectOptions(select, 'gpt-4o');
    await user.type(input, 'hello{Enter}');
    await within(panel).findByText(reply.message);
    expect(chatBody(fetchMock)).toMatchObject({ model: 'gpt-4o' });
  });

  it('falls back to the four spec models, all available, when the model list fails', async () => {
    const { panel } = await openFelix({ '/api/felix/models': () => json(500, {}) });
    const select = within(panel).getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    for (const option of within(select).getAllByRole('option')) expect(option).toBeEnabled();
    expect(select).toHaveValue('claude-sonnet-4');
  });
});
