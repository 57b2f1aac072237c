import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBSITE_MESSAGES } from '@shared/website';
import { ToasterHost } from '@/components/ui/toaster-host';
import { resetToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test-utils/render-app';
import { LandingChat, SUGGESTED_PROMPTS } from './landing-chat';
import { LandingTab } from './landing-tab';

// jsdom has no pointer capture; Radix Toast's swipe handling asks for it on pointer up.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('landing page chat', () => {
  it('sends on Enter; Shift+Enter starts a new line instead', async () => {
    const onSend = vi.fn(async () => true);
    render(<LandingChat messages={[]} generating={false} onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(box(), 'A spring offer{Shift>}{Enter}{/Shift}with 15% off');
    expect(box()).toHaveValue('A spring offer\nwith 15% off');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('A spring offer\nwith 15% off');
    expect(box()).toHaveValue('');
  });

  it('sends nothing while a page is being built, by key, button or suggestion', async () => {
    const onSend = vi.fn(async () => true);
    render(<LandingChat messages={[]} generating onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(box(), 'Add financing{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    for (const prompt of SUGGESTED_PROMPTS) expect(screen.getByRole('button', { name: prompt })).toBeDisabled();
    expect(screen.getByText('Building your page…')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('Add financing');
  });

  it('apologises in the chat when the page cannot be built, and gives the message back', async () => {
    mockApi({
      'GET /api/website/landing-pages': () => json(200, { pages: [] }),
      'POST /api/ai/generate-landing-page': () => json(503, { message: 'The AI service is busy.' }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LandingTab canPublish />
        <ToasterHost />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(box(), 'A furnace page{Enter}');
    const chat = screen.getByRole('list', { name: 'Conversation' });
    expect(await within(chat).findByText(WEBSITE_MESSAGES.landingApology)).toBeInTheDocument();
    expect(within(chat).getByText('A furnace page')).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(region).findByText(WEBSITE_MESSAGES.landingFailed.title)).toBeInTheDocument();
    expect(box()).toHaveValue('A furnace page');
  });
});
