import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

/** The whole app renders lazily; on a busy machine the first screen can take seconds. */
const SLOW = { timeout: 8000 };

afterEach(() => vi.unstubAllGlobals());

describe('/leads?action=add', { timeout: 20_000 }, () => {
  it('opens the Add Lead form on arrival (the dashboard quick action)', async () => {
    mockApi({ '/api/auth/user': () => json(200, demoUser) });
    renderApp('/leads?action=add');
    expect(await screen.findByRole('dialog', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeInTheDocument();
  });
});
