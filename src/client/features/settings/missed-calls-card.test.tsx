import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import {
  fill,
  findToast,
  FORM_TEST,
  lastBody,
  MISSED_CALL_DEFAULTS,
  openSettings,
  plainUser,
} from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const CARD = 'Missed calls and quiet hours';

describe('settings → SMS → missed calls and quiet hours', FORM_TEST, () => {
  it('shows the voice webhook to copy beside the messaging one', async () => {
    const { inCard } = await openSettings('sms', 'SMS (Twilio)');
    expect(inCard.getByLabelText('Voice webhook')).toHaveTextContent('http://localhost:3000/api/webhooks/twilio/voice');
    expect(inCard.getByLabelText('Messaging webhook')).toHaveTextContent('/api/webhooks/twilio/sms');
    expect(inCard.getByRole('button', { name: 'Copy voice webhook URL' })).toBeInTheDocument();
  });

  it("saves the forward number, the caller's text, the hours and the quiet hours", async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openSettings('sms', 'SMS (Twilio)', {
      routes: { 'PUT /api/conversations/settings': (init) => json(200, JSON.parse(String(init?.body))) },
    });
    const card = within(await screen.findByRole('region', { name: CARD }));
    const text = await card.findByLabelText('Text a missed caller gets');
    expect(text).toHaveValue('Sorry we missed you — how can we help?');
    await fill(user, card.getByLabelText('Forward calls to'), '+15125550190');
    await fill(user, text, 'Sorry we missed you! Reply here and we will call you back.');
    await fill(user, card.getByLabelText('Quiet hours: from'), '20:00');
    await user.click(card.getByRole('button', { name: 'Save missed-call settings' }));

    expect(await findToast('Saved')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/conversations/settings')).toEqual({
      ...MISSED_CALL_DEFAULTS,
      forwardTo: '+15125550190',
      missedCallMessage: 'Sorry we missed you! Reply here and we will call you back.',
      quietStart: '20:00',
    });
  });

  it("shows the server's refusal at the field and keeps what was typed", async () => {
    const user = userEvent.setup();
    const message = 'Forward number is not a valid phone number.';
    await openSettings('sms', 'SMS (Twilio)', {
      routes: {
        'PUT /api/conversations/settings': () =>
          json(400, { message, code: 'bad_request', fields: { forwardTo: message } }),
      },
    });
    const card = within(await screen.findByRole('region', { name: CARD }));
    const forward = await card.findByLabelText('Forward calls to');
    await fill(user, forward, '+1 555 12');
    await user.click(card.getByRole('button', { name: 'Save missed-call settings' }));

    expect(await card.findAllByText(message)).not.toHaveLength(0);
    expect(forward).toHaveValue('+1 555 12');
    expect(forward).toHaveAttribute('aria-invalid', 'true');
  });

  it('a team member without the manager role sees the choices but cannot change them', async () => {
    const { fetchMock } = await openSettings('sms', 'SMS (Twilio)', { user: plainUser });
    const card = within(await screen.findByRole('region', { name: CARD }));
    expect(await card.findByLabelText('Forward calls to')).toBeDisabled();
    expect(card.queryByRole('button', { name: 'Save missed-call settings' })).toBeNull();
    expect(card.getByText('Only a manager or the owner can change these.')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/conversations/settings');
  });
});
