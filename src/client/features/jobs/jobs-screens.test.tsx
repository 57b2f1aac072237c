import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TJob, TProposal, TProposalList } from '@shared/schemas/work';
import { WORK_MESSAGES } from '@shared/work';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => vi.unstubAllGlobals());

const JOB_ID = '00000000-0000-4000-8000-0000000000aa';
const LEAD_ID = '00000000-0000-4000-8000-000000000001';
const job: TJob = {
  id: JOB_ID,
  leadId: LEAD_ID,
  customerName: 'Rosa Diaz',
  service: 'Roof repair',
  town: 'Salem',
  completedOn: '2026-11-20',
  value: 1250,
  notes: null,
  consent: false,
  consentAnswered: false,
  slug: 'roof-repair-salem-2026-11',
  projectUrl: null,
  photos: [{ id: 'p1', stage: 'before', url: '/p/_/photos/a.jpg', width: 1600, height: 1200 }],
  createdAt: '2026-11-27T09:00:00.000Z',
};
const base = { status: 'proposed', outcome: null, blocked: null, link: null } as const;
const proposals: TProposal[] = [
  {
    kind: 'review_request',
    ...base,
    content: { customerName: 'Rosa Diaz', askConsent: true },
    to: 'Sent as an email to rosa@example.com.',
  },
  {
    kind: 'post',
    ...base,
    content: {
      text: 'Another roof repair in Salem.',
      hashtags: '#Roofing',
      platforms: [],
      photoIds: ['p1'],
      scheduledFor: '2026-11-28T15:00:00.000Z',
    },
    connected: [],
    scheduledFor: '2026-11-28T15:00:00.000Z',
    timeZone: 'America/Chicago',
    captionSource: 'offline',
  },
  {
    kind: 'project_page',
    ...base,
    content: { title: 'Roof repair in Salem', summary: 'New shingles.', photoIds: ['p1'] },
    url: 'http://localhost/p/field/projects/roof-repair-salem-2026-11',
  },
  { kind: 'blog_draft', ...base, content: { title: 'Case study', body: '## The job\nShingles.' } },
];

/** A stand-in for XMLHttpRequest: each upload reports half its bytes, then answers `answer(n)`. */
function fakeUploads(answer: (n: number) => { status: number; body: unknown }) {
  const sent: { url: string; field: string }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, field: [...form.keys()][0] ?? '' });
      const { status, body } = answer(sent.length);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const photoFile = (name: string) => new File([new Uint8Array(20)], name, { type: 'image/jpeg' });

describe('Add job', () => {
  const path = `/jobs/new?lead=${LEAD_ID}&name=Rosa%20Diaz&service=Roof%20repair&location=12%20Oak%20St%2C%20Salem`;

  it('starts from the lead, checks the fields before sending, and sends nothing when they are wrong', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp(path);
    // The first test of the file waits for the page's chunk under the test transform.
    const form = await screen.findByRole('form', { name: 'Add job' }, { timeout: 15_000 });
    expect(within(form).getByLabelText('Service')).toHaveValue('Roof repair');
    expect(within(form).getByLabelText('Town')).toHaveValue('Salem');
    expect(within(form).getByLabelText('Value ($, optional)')).toHaveAttribute('inputmode', 'decimal');
    const input = form.querySelector('input[type=file]')!;
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.clear(within(form).getByLabelText('Town'));
    await user.type(within(form).getByLabelText('Town'), '12 Oak St');
    await user.click(within(form).getByRole('button', { name: 'Save job' }));
    expect(within(form).getByText('Enter the town only, not the street address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Town')).toHaveFocus();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/jobs');
    // The street address field appears only with the customer's agreement.
    expect(within(form).queryByLabelText(/Street address/)).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText(/customer agreed/));
    expect(within(form).getByLabelText(/Street address/)).toBeInTheDocument();
  });

  it('saves the job once, shows each photo’s refusal, and opens Share this job when the retry succeeds', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, demoUser),
      'POST /api/jobs': () => json(201, job),
      [`GET /api/jobs/${JOB_ID}/proposals`]: () => json(200, { job, proposals } satisfies TProposalList),
    });
    const sent = fakeUploads((n) =>
      n === 2
        ? { status: 400, body: { message: WORK_MESSAGES.unreadable } }
        : { status: 201, body: { photos: [job.photos[0]] } },
    );
    const app = renderApp(path);
    const form = await screen.findByRole('form', { name: 'Add job' });
    await user.upload(form.querySelector<HTMLInputElement>('input[type=file]')!, [
      photoFile('before.jpg'),
      photoFile('after.jpg'),
      new File([new Uint8Array(5)], 'scan.gif', { type: 'image/gif' }),
    ]);
    // The GIF is refused at once, in the server's words; it is never sent.
    expect(within(form).getByText(WORK_MESSAGES.photoType)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove scan.gif' }));
    expect(within(form).getByRole('radio', { name: 'Before', checked: true })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'After', checked: true })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save job' }));
    expect(await within(form).findByText(WORK_MESSAGES.unreadable)).toBeInTheDocument();
    expect(within(form).getByText('Uploaded')).toBeInTheDocument();
    expect(within(form).getByText(/The job is saved; 1 photo was not uploaded/)).toBeInTheDocument();
    expect(sent.map((s) => s.field)).toEqual(['before', 'after']);
    expect(sent[0]!.url).toBe(`/api/jobs/${JOB_ID}/photos`);

    await user.click(within(form).getByRole('button', { name: 'Upload the photos again' }));
    expect(await screen.findByRole('heading', { name: 'Share this job' })).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/jobs/${JOB_ID}`);
    expect(calledPaths(fetchMock).filter((c) => c === 'POST /api/jobs')).toHaveLength(1);
    expect(sent.map((s) => s.field)).toEqual(['before', 'after', 'after']);
  });
});

describe('Share this job', () => {
  function open(routes: Parameters<typeof mockApi>[0] = {}) {
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, demoUser),
      [`GET /api/jobs/${JOB_ID}/proposals`]: () => json(200, { job, proposals } satisfies TProposalList),
      ...routes,
    });
    renderApp(`/jobs/${JOB_ID}`);
    return fetchMock;
  }

  it('shows the consent, one card per proposal, and the server’s refusal on the card', async () => {
    const user = userEvent.setup();
    open({
      [`POST /api/jobs/${JOB_ID}/proposals/post/approve`]: () =>
        json(400, {
          message: WORK_MESSAGES.postNeedsNetwork,
          fields: { 'content.platforms': WORK_MESSAGES.postNeedsNetwork },
        }),
    });
    expect(await screen.findByText(/Rosa Diaz has not agreed to be shown/)).toBeInTheDocument();
    for (const name of ['Review request', 'Social post', 'Project page', 'Case study for your blog'])
      expect(screen.getByRole('article', { name })).toBeInTheDocument();
    const post = screen.getByRole('article', { name: 'Social post' });
    // No network connected: the sandbox takes the post, and the card says so instead of "Connect … first".
    expect(within(post).getByText('Not connected — goes to the sandbox.')).toBeInTheDocument();
    expect(within(post).queryByText(/Connect/)).toBeNull();
    // The suggested time, in the business's time zone.
    expect(within(post).getByText(/^Goes out Sat, Nov 28, 9:00 AM \(America\/Chicago\)/)).toBeInTheDocument();
    await user.click(within(post).getByRole('button', { name: 'Approve Social post' }));
    expect(await within(post).findByRole('alert')).toHaveTextContent(WORK_MESSAGES.postNeedsNetwork);
    // The refusal names a field: the card opens its fields, the message under them.
    expect(within(post).getByLabelText('Caption')).toHaveValue('Another roof repair in Salem.');
    expect(within(post).getByLabelText('Twitter/X (not connected — sandbox)')).not.toBeChecked();
    expect(within(post).getByLabelText('Date and time (America/Chicago)')).toHaveValue('2026-11-28T09:00');
    expect(within(post).getByLabelText('Post now')).not.toBeChecked();
  });

  it('sends the edited content and shows the page as published with its link', async () => {
    const user = userEvent.setup();
    const fetchMock = open({
      [`POST /api/jobs/${JOB_ID}/proposals/project_page/approve`]: (init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: { title: string } };
        return json(200, {
          ...proposals[2],
          content,
          status: 'approved',
          outcome: 'Published at http://localhost/p/field/projects/roof-repair-salem-2026-11',
          link: 'http://localhost/p/field/projects/roof-repair-salem-2026-11',
        });
      },
      [`POST /api/jobs/${JOB_ID}/proposals/blog_draft/skip`]: () =>
        json(200, { ...proposals[3], status: 'skipped', outcome: 'Skipped.' }),
    });
    const card = await screen.findByRole('article', { name: 'Project page' });
    await user.click(within(card).getByRole('button', { name: 'Edit Project page' }));
    const title = within(card).getByLabelText('Page title');
    await user.clear(title);
    await user.type(title, 'A storm-proof roof in Salem');
    await user.click(within(card).getByRole('button', { name: 'Approve Project page' }));
    expect(await within(card).findByText('Published')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the project page' })).toHaveAttribute(
      'href',
      'http://localhost/p/field/projects/roof-repair-salem-2026-11',
    );
    expect(within(card).getByText('A storm-proof roof in Salem')).toBeInTheDocument();
    const sentBody = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/project_page/approve'))?.[1]?.body;
    expect(JSON.parse(String(sentBody))).toMatchObject({
      content: { title: 'A storm-proof roof in Salem', photoIds: ['p1'] },
    });

    const blog = screen.getByRole('article', { name: 'Case study for your blog' });
    await user.click(within(blog).getByRole('button', { name: 'Skip Case study for your blog' }));
    await waitFor(() => expect(within(blog).getByText('Skipped')).toBeInTheDocument());
    expect(within(blog).getByRole('button', { name: 'Approve Case study for your blog' })).toBeEnabled();
  });
});
