// The steps many browser specs share: create an account, sign in, sign out. A spec states only
// what is particular to it (who signs up, where the app should land).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface Owner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

interface StepOptions {
  /** Runs with the form filled, just before it is sent (e.g. a screenshot). */
  beforeSubmit?: () => Promise<unknown>;
  /** Where the app should land afterwards; null to wait for nothing. Default the dashboard. */
  landsOn?: string | null;
}

/** Goes to `path` unless the page is already there (keeping its query, e.g. ?next=). */
async function openUnlessOn(page: Page, path: string): Promise<void> {
  if (new URL(page.url(), 'http://localhost').pathname !== path) await page.goto(path);
}

/** Signs a new owner up through /register, terms accepted. */
export async function register(page: Page, owner: Owner, options: StepOptions = {}): Promise<void> {
  await openUnlessOn(page, '/register');
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('checkbox').check();
  await options.beforeSubmit?.();
  await page.getByRole('button', { name: 'Create Account' }).click();
  const landsOn = options.landsOn === undefined ? '**/dashboard' : options.landsOn;
  if (landsOn) await page.waitForURL(landsOn);
}

/** Signs in through /login, optionally with "remember me". */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  options: StepOptions & { rememberMe?: boolean } = {},
): Promise<void> {
  await openUnlessOn(page, '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (options.rememberMe) await page.getByLabel(/remember me for 30 days/i).check();
  await options.beforeSubmit?.();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const landsOn = options.landsOn === undefined ? '**/dashboard' : options.landsOn;
  if (landsOn) await page.waitForURL(landsOn);
}

/** Signs out from the account menu; the app lands on /login. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

/**
 * Creates an owner's account through the API, as the sign-up form would, for specs that test
 * something else: the page's context keeps the session cookie. Then opens `landsOn` (default the
 * dashboard) and waits for its heading. `origin` is the server's URL (`ctx.server.url`).
 */
export async function signUpByApi(
  page: Page,
  origin: string,
  owner: Owner & { businessName?: string },
  landsOn: string | null = '/dashboard',
): Promise<void> {
  const res = await page.request.post('/api/auth/register', {
    headers: { origin },
    data: {
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: owner.email,
      password: owner.password,
      ...(owner.businessName ? { businessName: owner.businessName } : {}),
    },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  if (landsOn) {
    await page.goto(landsOn);
    await page.locator('main h1').first().waitFor();
  }
}

/** The demo business's sign-in, as a first start wrote it into the server's data directory. */
export async function demoAccount(dataDir: string): Promise<{ email: string; password: string }> {
  const file = await readFile(path.join(dataDir, 'demo-login.txt'), 'utf8');
  return { email: 'demo@fieldwise.local', password: /password: (\S+)/.exec(file)?.[1] ?? '' };
}

/**
 * Signs the page's context in as the demo business through the API, for specs that test something
 * else: the context keeps the session cookie. `origin` is the server's URL (`ctx.server.url`).
 */
export async function signInDemoByApi(page: Page, origin: string, dataDir: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { headers: { origin }, data: await demoAccount(dataDir) });
  if (res.status() !== 200) throw new Error(`the demo's sign-in answered ${res.status()}: ${await res.text()}`);
}

/**
 * Connects Google in Settings → Connections through the fake consent screen (tests/fakes/
 * oauth-server.ts), picks the Downtown Business Profile location and waits for Healthy. Answers
 * the Google card, on which the spec goes on (Search Console site, GA4 property).
 */
export async function connectGoogle(page: Page): Promise<Locator> {
  await page.goto('/settings?tab=connections');
  const google = page.getByRole('region', { name: 'Google', exact: true });
  await google.getByRole('button', { name: 'Connect Google' }).click();
  await page.waitForURL('**/settings?tab=connections&provider=google&outcome=connected');
  await google.getByLabel(/Rosa Plumbing — Downtown/).check();
  await google.getByRole('button', { name: 'Use this Business Profile location' }).click();
  await google.getByText('Healthy', { exact: true }).waitFor();
  return google;
}
