import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TLead, TLeadStatus } from '@shared/schemas/leads';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { bodyOf, makeLead, openLeads, polyfillPointerCapture } from './leads-test-kit';

beforeAll(polyfillPointerCapture);
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const buttonNames = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

async function rowOf(name: string) {
  return within(await screen.findByRole('list', { name: 'Leads' })).getByRole('article', { name });
}

function countCalls(fetchMock: Parameters<typeof calledPaths>[0], call: string) {
  return calledPaths(fetchMock).filter((c) => c === call).length;
}

describe('row actions: which ones a lead offers', { timeout: 20_000 }, () => {
  it.each<[TLeadStatus, string[]]>([
    ['new', ['AI Score', 'Get Tips', 'Qualify', 'Contact', 'Convert']],
    ['contacted', ['AI Score', 'Get Tips', 'Mark New', 'Convert']],
    ['qualified', ['AI Score', 'Get Tips', 'Contact', 'Convert']],
    ['lost', ['AI Score', 'Get Tips', 'Contact', 'Convert']],
    ['converted', ['AI Score', 'Get Tips', 'Contact']],
  ])('a %s lead offers %j', async (status, labels) => {
    await openLeads([makeLead({ status })]);
    const row = await rowOf('Maria Lopez');
    expect(buttonNames(row)).toEqual(labels.map((label) => `${label} for Maria Lopez`));
  });

  it('a converted lead offers Add job, which starts from its service, location and value', async () => {
    const lead = makeLead({ status: 'converted', jobValue: 1350.5, location: '12 Oak St, Austin' });
    await openLeads([lead]);
    const link = within(await rowOf('Maria Lopez')).getByRole('link', { name: 'Add job for Maria Lopez' });
    const target = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/jobs/new');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      lead: lead.id,
      name: 'Maria Lopez',
      service: 'AC installation',
      location: '12 Oak St, Austin',
      value: '1350.5',
    });
  });

  it('names each button after its lead, so rows are told apart', async () => {
    await openLeads([makeLead({ name: 'Ann Ortiz' }), makeLead({ name: 'Ben Cho' })]);
    await screen.findByRole('list', { name: 'Leads' });
    expect(screen.getByRole('button', { name: 'Qualify for Ann Ortiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Qualify for Ben Cho' })).toBeInTheDocument();
  });
});

describe('row actions: calls and toasts', { timeout: 20_000 }, () => {
  it('scores a lead, refreshes the list and the score cards, and says so', async () => {
    const user = userEvent.setup();
    const lead = makeLead();
    const { fetchMock } = await openLeads([lead], { [`POST /api/leads/${lead.id}/score`]: () => json(200, lead) });
    await screen.findByLabelText('AI lead scoring');
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'AI Score for Maria Lopez' }));

    expect(await screen.findByText('Lead Scored')).toBeInTheDocument();
    expect(screen.getByText('AI scoring has been updated for this lead.')).toBeInTheDocument();
    expect(countCalls(fetchMock, 'GET /api/leads')).toBe(2);
    expect(countCalls(fetchMock, 'GET /api/leads/analytics/scores')).toBe(2);
  });

  it.each([
    ['AI Score', 'score', 'POST', 'Failed to score lead. Please try again.'],
    ['Qualify', 'qualify', 'POST', 'Failed to qualify lead. Please try again.'],
    ['Contact', '', 'PATCH', 'Failed to update lead. Please try again.'],
    ['Get Tips', 'recommendations', 'POST', 'Failed to get recommendations. Please try again.'],
  ])('shows the Error toast when %s fails', async (label, action, method, text) => {
    const user = userEvent.setup();
    const lead = makeLead();
    const path = `/api/leads/${lead.id}${action ? `/${action}` : ''}`;
    await openLeads([lead], { [`${method} ${path}`]: () => json(500, { message: 'Internal error' }) });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: `${label} for Maria Lopez` }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the tips and how many were generated', async () => {
    const user = userEvent.setup();
    const lead = makeLead();
    const tips = ['Call within 5 minutes.', 'Offer a same-day visit.', 'Ask for a phone number.'];
    await openLeads([lead], {
      [`POST /api/leads/${lead.id}/recommendations`]: () => json(200, { recommendations: tips, source: 'offline' }),
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Get Tips for Maria Lopez' }));

    expect(await screen.findByText('AI Recommendations')).toBeInTheDocument();
    expect(screen.getByText('Generated 3 personalized recommendations.')).toBeInTheDocument();
    // The dialog's code loads with its first use.
    const dialog = await screen.findByRole('dialog', { name: 'Tips for Maria Lopez' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tips);
    expect(dialog).toHaveTextContent('From the built-in follow-up playbook for this lead.');
  });

  it('qualifies a new lead, records the event, refreshes the list and says so', async () => {
    const user = userEvent.setup();
    const lead = makeLead();
    const qualified: TLead = { ...lead, status: 'qualified' };
    let current = lead;
    const { fetchMock } = await openLeads([], {
      'GET /api/leads': () => json(200, { leads: [current], nextCursor: null }),
      [`POST /api/leads/${lead.id}/qualify`]: () => {
        current = qualified;
        return json(200, { lead: qualified, qualified: true, reasons: ['Phone number given', 'High-value service'] });
      },
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Qualify for Maria Lopez' }));

    expect(await screen.findByText('Lead Qualified')).toBeInTheDocument();
    expect(screen.getByText('Lead has been automatically qualified based on criteria.')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST /api/events')).toEqual({ name: 'lead_qualified', properties: {} }),
    );
    const row = await rowOf('Maria Lopez');
    expect(within(row).getByText('Qualified')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Qualify/ })).not.toBeInTheDocument();
  });

  it('says why a lead does not qualify yet, without recording the event', async () => {
    const user = userEvent.setup();
    const lead = makeLead();
    const reasons = ['Needs a phone number or email', 'Lead score below 60'];
    const { fetchMock } = await openLeads([lead], {
      [`POST /api/leads/${lead.id}/qualify`]: () => json(200, { lead, qualified: false, reasons }),
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Qualify for Maria Lopez' }));

    expect(await screen.findByText('Not Qualified Yet')).toBeInTheDocument();
    for (const reason of reasons) expect(screen.getByText(reason)).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/events');
  });

  it.each<[TLeadStatus, string, TLeadStatus]>([
    ['new', 'Contact', 'contacted'],
    ['contacted', 'Mark New', 'new'],
  ])('from %s, %s sends status %s and toasts Lead Updated', async (from, label, to) => {
    const user = userEvent.setup();
    const lead = makeLead({ status: from });
    const { fetchMock } = await openLeads([lead], {
      [`PATCH /api/leads/${lead.id}`]: () => json(200, { ...lead, status: to }),
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: `${label} for Maria Lopez` }));

    expect(await screen.findByText('Lead Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `PATCH /api/leads/${lead.id}`)).toEqual({ status: to });
    expect(countCalls(fetchMock, 'GET /api/leads')).toBe(2);
    expect(countCalls(fetchMock, 'GET /api/leads/summary')).toBe(2);
  });

  it('disables the button of the lead whose call is in flight, and only that one', async () => {
    const user = userEvent.setup();
    const a = makeLead({ name: 'Ann Ortiz' });
    const b = makeLead({ name: 'Ben Cho' });
    await openLeads([a, b], { [`POST /api/leads/${a.id}/score`]: () => new Promise<Response>(() => undefined) });
    await user.click(await screen.findByRole('button', { name: 'AI Score for Ann Ortiz' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'AI Score for Ann Ortiz' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'AI Score for Ben Cho' })).toBeEnabled();
  });
});

describe('Convert: the job value dialog', { timeout: 20_000 }, () => {
  it('starts at the predicted value and sends the value the owner typed with the status', async () => {
    const user = userEvent.setup();
    const lead = makeLead({ status: 'qualified', predictedValue: 8500 });
    const { fetchMock } = await openLeads([lead], {
      [`PATCH /api/leads/${lead.id}`]: () => json(200, { ...lead, status: 'converted', jobValue: 1350.5 }),
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Convert for Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Maria Lopez' });
    const field = within(dialog).getByRole('textbox', { name: 'Job value' });
    expect(field).toHaveValue('8500');
    expect(countCalls(fetchMock, `PATCH /api/leads/${lead.id}`)).toBe(0); // nothing sent before confirming

    await user.clear(field);
    await user.type(field, '$1,350.50');
    await user.click(within(dialog).getByRole('button', { name: 'Convert Lead' }));
    expect(await screen.findByText('Lead Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `PATCH /api/leads/${lead.id}`)).toEqual({ status: 'converted', jobValue: 1350.5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Convert Maria Lopez' })).toBeNull());
  });

  it.each([
    ['-5', 'Job value cannot be negative.'],
    ['lots', 'Job value must be a number, e.g. 450.'],
    ['100000000', 'Job value is too large: at most $99,999,999.'],
    ['', 'Enter what the job was worth, e.g. 450.'],
  ])('refuses %j with a readable message, keeps it typed and sends nothing', async (typed, message) => {
    const user = userEvent.setup();
    const lead = makeLead({ status: 'new' });
    const { fetchMock } = await openLeads([lead]);
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Convert for Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Maria Lopez' });
    const field = within(dialog).getByRole('textbox', { name: 'Job value' });
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Convert Lead' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(field).toHaveValue(typed);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(countCalls(fetchMock, `PATCH /api/leads/${lead.id}`)).toBe(0);
  });

  it("shows the server's refusal in the dialog and keeps the typed value", async () => {
    const user = userEvent.setup();
    const lead = makeLead({ status: 'new' });
    await openLeads([lead], {
      [`PATCH /api/leads/${lead.id}`]: () => json(400, { message: 'Job value is too large' }),
    });
    await user.click(within(await rowOf('Maria Lopez')).getByRole('button', { name: 'Convert for Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Maria Lopez' });
    const field = within(dialog).getByRole('textbox', { name: 'Job value' });
    await user.clear(field);
    await user.type(field, '900');
    await user.click(within(dialog).getByRole('button', { name: 'Convert Lead' }));
    expect(await within(dialog).findByText('Job value is too large')).toBeInTheDocument();
    expect(field).toHaveValue('900');
  });
});
