import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { bodyOf, makeLead, openLeads, polyfillPointerCapture } from './leads-test-kit';

beforeAll(polyfillPointerCapture);
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

async function openDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add Lead' }));
  return screen.findByRole('dialog', { name: 'Add Lead' });
}

async function fill(user: UserEvent, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(within(dialog).getByLabelText(label), value);
}

// Typing into five fields under jsdom takes a few seconds; give each test room.
describe('Add Lead dialog', { timeout: 20_000 }, () => {
  it('starts empty with priority medium', async () => {
    const user = userEvent.setup();
    await openLeads([]);
    const dialog = await openDialog(user);
    for (const label of ['Name', 'Email (optional)', 'Phone (optional)', 'Service', 'Location'])
      expect(within(dialog).getByLabelText(label)).toHaveValue('');
    expect(within(dialog).getByLabelText('Priority')).toHaveDisplayValue('Medium');
  });

  it('requires name, service and location, focuses the first problem and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openLeads([]);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Lead' }));

    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Service is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(calledPaths(fetchMock)).not.toContain('POST /api/leads');

    await user.type(within(dialog).getByLabelText('Name'), 'M');
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Service is required')).toBeInTheDocument();
  });

  it('checks an email and phone when they are given', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openLeads([]);
    const dialog = await openDialog(user);
    await fill(user, dialog, {
      Name: 'Maria Lopez',
      'Email (optional)': 'maria@',
      'Phone (optional)': '12',
      Service: 'AC repair',
      Location: 'Austin',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add Lead' }));

    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email (optional)')).toHaveFocus();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/leads');
  });

  it('adds a lead as new with the chosen priority, records the event, closes and refreshes the list', async () => {
    const user = userEvent.setup();
    const created = makeLead({ name: 'Maria Lopez', priority: 'high', email: null });
    let leads: ReturnType<typeof makeLead>[] = [];
    const { fetchMock } = await openLeads([], {
      'GET /api/leads': () => json(200, { leads, nextCursor: null }),
      'POST /api/leads': () => {
        leads = [created];
        return json(201, created);
      },
    });
    await screen.findByText('Add your first lead to get started');
    const dialog = await openDialog(user);
    await fill(user, dialog, {
      Name: '  Maria Lopez ',
      'Phone (optional)': '(512) 555-0142',
      Service: 'AC installation',
      Location: 'Austin, TX',
    });
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Add Lead' }));

    expect(await screen.findByText('Lead Added')).toBeInTheDocument();
    expect(screen.getByText('New lead has been added successfully.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/leads')).toEqual({
      name: 'Maria Lopez',
      phone: '(512) 555-0142',
      service: 'AC installation',
      location: 'Austin, TX',
      priority: 'high',
      status: 'new',
      // Typed in by hand unless the owner picks where the lead came from.
      source: 'manual',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Lead' })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Maria Lopez' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST /api/events')).toEqual({ name: 'lead_added', properties: { priority: 'high' } }),
    );

    // The next lead starts from an empty form again.
    const again = await openDialog(user);
    expect(within(again).getByLabelText('Name')).toHaveValue('');
  });

  it('keeps what was typed and shows the server field errors under their fields when adding fails', async () => {
    const user = userEvent.setup();
    await openLeads([], {
      'POST /api/leads': () =>
        json(400, { message: 'Service is required', code: 'validation', fields: { service: 'Service is required' } }),
    });
    const dialog = await openDialog(user);
    await fill(user, dialog, { Name: 'Maria Lopez', Service: 'AC', Location: 'Austin' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Lead' }));

    expect(await screen.findByText('Failed to add lead. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Service is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Maria Lopez');
    expect(within(dialog).getByLabelText('Location')).toHaveValue('Austin');
  });
});
