import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Route, Router, Switch, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { navigate } from 'wouter/use-browser-location';
import { TransitionRouter } from './transition-router';

/** A page whose code arrives when the test says so, as a lazy chunk does. */
function slowPage(text: string) {
  let arrive = () => {};
  const Page = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        arrive = () => resolve({ default: () => <h1>{text}</h1> });
      }),
  );
  return { Page, arrive: () => act(async () => arrive()) };
}

function Tab() {
  return <p>tab {new URLSearchParams(useSearch()).get('tab') ?? 'none'}</p>;
}

function app(Next: React.ComponentType) {
  return (
    <TransitionRouter>
      <Suspense fallback={<p>spinner</p>}>
        <Switch>
          <Route path="/next">
            <Next />
          </Route>
          <Route>
            <h1>Dashboard</h1>
            <Link href="/next">Create post</Link>
            <Tab />
          </Route>
        </Switch>
      </Suspense>
    </TransitionRouter>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the signed-in router: a link followed is a transition', () => {
  it('keeps the page being left, with a bar, until the next one has its code, then shows it', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const next = slowPage('Multi-Platform Post Scheduling Wizard');
    render(app(next.Page));
    await act(async () => screen.getByRole('link', { name: 'Create post' }).click());

    // The address has moved; the screen has not, and no spinner replaced it.
    expect(window.location.pathname).toBe('/next');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('spinner')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Opening the page' })).toBeInTheDocument();

    await next.arrive();
    expect(await screen.findByRole('heading', { name: 'Multi-Platform Post Scheduling Wizard' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(); // hidden from the reader again
  });

  it('follows an address rewritten in place, and Back, at once', async () => {
    window.history.replaceState(null, '', '/dashboard');
    render(app(slowPage('never').Page));
    expect(screen.getByText('tab none')).toBeInTheDocument();
    act(() => navigate('/dashboard?tab=sms', { replace: true }));
    expect(screen.getByText('tab sms')).toBeInTheDocument();

    act(() => {
      window.history.pushState(null, '', '/dashboard?tab=social');
      window.history.replaceState(null, '', '/dashboard?tab=team');
    });
    expect(screen.getByText('tab team')).toBeInTheDocument();
    window.history.replaceState(null, '', '/dashboard?tab=billing');
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    expect(screen.getByText('tab billing')).toBeInTheDocument();
  });

  it('leaves a router of another kind in charge (a memory location)', () => {
    const memory = memoryLocation({ path: '/next' });
    render(
      <Router hook={memory.hook}>
        {app(() => (
          <h1>Next page</h1>
        ))}
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
  });
});
