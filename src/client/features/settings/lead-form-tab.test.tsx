import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { LEAD_FORM_MESSAGES } from '@shared/website';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { fill, findToast, FORM_TEST, lastBody, openSettings } from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const status = (sentToday: number, limitReachedAt: string | null = null) => ({
  'GET /api/website/auto-replies': () => json(200, { sentToday, dailyLimit: 50, limitReachedAt }),
});

describe('settings → Lead form', FORM_TEST, () => {
  it("shows today's automatic replies, and says so once the daily limit is reached", async () => {
    const { app } = await openSettings('lead-form', 'Automatic replies', {
      routes: status(50, '2026-11-27T15:04:00.000Z'),
    });
    const card = within(await app.findByRole('region', { name: 'Automatic replies' }));
    expect(await card.findByText(/of 50 automatic replies sent today/)).toHaveTextContent(
      '50 of 50 automatic replies sent today',
    );
    expect(card.getByRole('alert')).toHaveTextContent(LEAD_FORM_MESSAGES.limitReached(50));
  });

  it('turns the Turnstile check on with both keys; a key of the wrong shape is refused before sending', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('lead-form', 'Spam check (Cloudflare Turnstile)', {
      routes: status(3),
    });
    await fill(user, inCard.getByLabelText('Site key'), 'not-a-key');
    await fill(user, inCard.getByLabelText('Secret key'), '0x4AAAAAAAsecret-value-1234');
    await user.click(inCard.getByRole('button', { name: 'Save Spam Check' }));
    expect(await findToast(SETTINGS_MESSAGES.turnstileFormat.title)).toHaveTextContent(
      SETTINGS_MESSAGES.turnstileFormat.message,
    );
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/turnstile');

    await fill(user, inCard.getByLabelText('Site key'), '0x4AAAAAAAsite-key-5678');
    await user.click(inCard.getByRole('button', { name: 'Save Spam Check' }));
    expect(await findToast('Spam Check On')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/turnstile')).toEqual({
      siteKey: '0x4AAAAAAAsite-key-5678',
      secretKey: '0x4AAAAAAAsecret-value-1234',
    });
    expect(await inCard.findByText('On')).toBeInTheDocument();
  });
});
