// The public pages' first screen: the marketing pages, the sign-in screens and the terms. They
// show nobody's data, so the server draws each once (server/plugins/public-pages.ts) with the
// browser's own components, and the browser hydrates that HTML (main.tsx) instead of showing a
// blank page until its scripts have arrived and run. Part of the Node bundle entry-server.tsx
// builds (`vite build --ssr`), so it shares its modules.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicRenderer } from '@shared/public-render';
import { App } from './app/app';
import { preloadPath } from './app/router';
import { brandColourVariables, brandFrom, withHostBrand } from './lib/host-brand';
import { createQueryClient } from './lib/query-client';
import { PageMetaSink } from './lib/use-page-meta';

export const PUBLIC_RENDERED_PATHS: PublicRenderer['PUBLIC_RENDERED_PATHS'] = [
  '/',
  '/features',
  '/pricing',
  '/about',
  '/demo',
  '/terms',
  '/privacy',
  '/login',
  '/register',
  '/forgot-password',
];

/** The sign-in screens: a business's own domain shows them in its brand (hostBrand). */
const SIGN_IN_PATHS = ['/login', '/register', '/forgot-password'];

/** The pages that read their query (?next=, ?message=), drawn again for a visit with one. */
export const QUERY_READING_PATHS: PublicRenderer['QUERY_READING_PATHS'] = SIGN_IN_PATHS;

export const renderPublicPage: PublicRenderer['renderPublicPage'] = async (url, brandTag) => {
  const path = url.split('?')[0] ?? '/';
  if (!PUBLIC_RENDERED_PATHS.includes(path)) return null;
  const brand = brandTag === undefined ? null : brandFrom(brandTag);
  if (brandTag !== undefined && (!brand || !SIGN_IN_PATHS.includes(path))) return null;
  await preloadPath(path);
  const meta = { title: '', description: '' };
  const setMeta = (title: string, description?: string) => {
    meta.title = title;
    if (description !== undefined) meta.description = description;
  };
  // Its own query client: the sign-in page asks who is signed in, which stays unanswered here
  // (the page renders for a visitor, as the browser's first render does before the answer).
  const client = createQueryClient();
  try {
    const html = withHostBrand(brand, () =>
      renderToString(
        <StrictMode>
          <PageMetaSink value={setMeta}>
            <App queryClient={client} ssrPath={url} />
          </PageMetaSink>
        </StrictMode>,
      ),
    );
    if (!brand) return { html, ...meta };
    const htmlStyle = brandColourVariables(brand)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    return { html, ...meta, ...(htmlStyle ? { htmlStyle } : {}) };
  } finally {
    client.clear();
  }
};
