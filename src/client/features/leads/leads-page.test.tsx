import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { calledUrls, makeLead, openLeads, page, polyfillPointerCapture } from './leads-test-kit';

beforeAll(polyfillPointerCapture);
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const never = () => new Promise<Response>(() => undefined);

// Rendering the signed-in app under jsdom is slow on a busy machine; give each test room.
describe('leads screen', { timeout: 20_000 }, () => {
  it('shows five placeholder rows while the first page loads', async () => {
    await openLeads([], { 'GET /api/leads': never });
    expect(await screen.findByRole('status', { name: 'Loading leads' })).toBeInTheDocument();
    expect(screen.getAllByTestId('lead-placeholder')).toHaveLength(5);
  });

  it('shows the four summary cards and, once loaded, the four AI cards', async () => {
    await openLeads([makeLead()]);
    const summary = screen.getByLabelText('Lead summary');
    await waitFor(() => expect(within(summary).getByText('120')).toBeInTheDocument());
    const card = (list: HTMLElement, label: string) => within(list).getByText(label).closest('div');
    expect(card(summary, 'Total Leads')).toHaveTextContent('Total Leads120');
    expect(card(summary, 'New Leads')).toHaveTextContent('New Leads30');
    expect(card(summary, 'Qualified')).toHaveTextContent('Qualified25');
    expect(card(summary, 'Conversion Rate')).toHaveTextContent('Conversion Rate15%');

    const ai = await screen.findByLabelText('AI lead scoring');
    expect(card(ai, 'Avg Lead Score')).toHaveTextContent('Avg Lead Score62/100');
    expect(card(ai, 'Avg Urgency')).toHaveTextContent('Avg Urgency54/100');
    expect(card(ai, 'Conversion Prob')).toHaveTextContent('Conversion Prob28%');
    expect(card(ai, 'Predicted Value')).toHaveTextContent('Predicted Value$1,234,568');
  });

  it('leaves the AI cards out while the score analytics have not loaded, keeping their room', async () => {
    await openLeads([makeLead()], { 'GET /api/leads/analytics/scores': never });
    await screen.findByRole('list', { name: 'Leads' });
    expect(screen.getByLabelText('Lead summary')).toBeInTheDocument();
    expect(screen.queryByLabelText('AI lead scoring')).not.toBeInTheDocument();
    expect(screen.queryByText('Avg Lead Score')).not.toBeInTheDocument();
    // An unlabelled placeholder row holds their place, so the list does not shift when they come.
    expect(screen.getByTestId('score-cards-placeholder')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows every field of a lead in its row, with the largest score factors as the why', async () => {
    await openLeads([makeLead()]);
    const list = await screen.findByRole('list', { name: 'Leads' });
    const row = within(list).getByRole('article', { name: 'Maria Lopez' });
    for (const text of [
      'New',
      'High priority',
      'AC installation',
      'Austin, TX',
      'maria@example.com',
      '(512) 555-0142',
      '3 hours ago',
    ]) {
      expect(within(row).getByText(text), text).toBeInTheDocument();
    }
    const scores = within(row).getByLabelText('Scores for Maria Lopez');
    expect(scores).toHaveTextContent('Score82/100');
    expect(scores).toHaveTextContent('Urgency90/100');
    expect(scores).toHaveTextContent('Conversion47%');
    expect(scores).toHaveTextContent('Value$8,500');
    expect(row).toHaveTextContent('Why 82: Emergency request +18 · Installation job +12 · No reply yet −4');
    expect(row).not.toHaveTextContent('Email given');
    expect(within(row).getByRole('link', { name: 'maria@example.com' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com',
    );
  });

  it('says where each lead came from: the landing page by its title, organic search with its keyword', async () => {
    await openLeads([
      makeLead({ name: 'Page Lead', source: 'landing_page', sourcePage: 'Spring AC tune-up' }),
      makeLead({
        name: 'Search Lead',
        source: 'organic_search',
        sourcePage: 'Spring AC tune-up',
        sourceKeyword: 'ac repair austin',
      }),
      makeLead({ name: 'Sheet Lead', source: 'csv_import' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Leads' });
    const row = (name: string) => within(list).getByRole('article', { name });
    expect(within(row('Page Lead')).getByText('Source: Landing page · Spring AC tune-up')).toBeInTheDocument();
    expect(
      within(row('Search Lead')).getByText('Source: Organic search · "ac repair austin" · Spring AC tune-up'),
    ).toBeInTheDocument();
    expect(within(row('Sheet Lead')).getByText('Source: CSV import')).toBeInTheDocument();
  });

  it('says when a lead has not been scored yet and has no contact details', async () => {
    await openLeads([
      makeLead({
        email: null,
        phone: null,
        conversionProbability: null,
        predictedValue: null,
        scoreFactors: [],
        scoreModel: null,
        leadScore: 0,
        urgencyScore: 50,
      }),
    ]);
    const row = within(await screen.findByRole('list', { name: 'Leads' })).getByRole('article');
    expect(row).toHaveTextContent('Not scored yet — use AI Score.');
    expect(within(row).getByText('No email')).toBeInTheDocument();
    expect(within(row).getByText('No phone')).toBeInTheDocument();
    expect(within(row).getByLabelText('Scores for Maria Lopez')).toHaveTextContent(
      'Score0/100Urgency50/100Conversion—Value—',
    );
  });

  it('invites the first lead when there are none and nothing is filtered', async () => {
    await openLeads([]);
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    expect(screen.getByText('Add your first lead to get started')).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your filters')).not.toBeInTheDocument();
  });

  it('searches once typing pauses, and suggests adjusting the filters when nothing matches', async () => {
    // Keystrokes without yielding between them, so a busy machine cannot make a pause mid-word.
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = await openLeads([]);
    await screen.findByText('Add your first lead to get started');
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'furnace');

    expect(await screen.findByText('Try adjusting your filters')).toBeInTheDocument();
    const searches = () => calledUrls(fetchMock, 'GET /api/leads').filter((url) => url.includes('q='));
    // One request for the whole word, not one per keystroke (the message can show before the
    // debounced request goes, so wait for it).
    await waitFor(() => expect(searches()).toEqual(['/api/leads?q=furnace&limit=20']));
  });

  it('sends the status and priority filters and shows the filtered empty state', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openLeads([]);
    await screen.findByText('No leads found');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All Status');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveDisplayValue('All Priority');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Qualified');
    expect(await screen.findByText('Try adjusting your filters')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await waitFor(() =>
      expect(calledUrls(fetchMock, 'GET /api/leads')).toContain('/api/leads?status=qualified&priority=high&limit=20'),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All Status');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'All Priority');
    expect(await screen.findByText('Add your first lead to get started')).toBeInTheDocument();
  });

  it('Export CSV beside Import downloads every lead the current filters match', async () => {
    const user = userEvent.setup();
    await openLeads([makeLead()]);
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/leads/export.csv');
    expect(exportLink).toHaveAttribute('download');
    expect(screen.getByRole('button', { name: 'Import' }).nextElementSibling).toBe(exportLink);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Converted');
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'dayton');
    await waitFor(() => expect(exportLink).toHaveAttribute('href', '/api/leads/export.csv?q=dayton&status=converted'));
  });

  it('loads the next page with the cursor the server gave as the end of the list comes into view', async () => {
    const first = Array.from({ length: 12 }, (_, i) => makeLead({ name: `Lead ${i + 1}` }));
    const second = [makeLead({ name: 'Lead 13' })];
    let calls = 0;
    const { fetchMock } = await openLeads([], {
      'GET /api/leads': () => {
        calls += 1;
        return calls === 1 ? json(200, page(first, 'cursor-1')) : json(200, page(second));
      },
    });
    await screen.findByRole('list', { name: 'Leads' });
    // jsdom has no layout, so the whole first page counts as in view and the next one loads by itself.
    expect(await screen.findByText('Showing 13 leads')).toBeInTheDocument();
    // The first page is the small one the HTML starts early; the next ones are the server's default size.
    expect(calledUrls(fetchMock, 'GET /api/leads')).toEqual(['/api/leads?limit=20', '/api/leads?cursor=cursor-1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain('GET /api/leads/summary');
  });

  it('offers a retry when the list cannot load', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openLeads([], {
      'GET /api/leads': () =>
        fail ? json(500, { message: 'Something went wrong on our side.' }) : json(200, page([makeLead()])),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Maria Lopez' })).toBeInTheDocument();
  });
});
