import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SIGNED_IN_ROUTES,
  SIGNED_IN_SHELL_MODULE,
  SIGNED_IN_SHELL_QUERIES,
  signedInRouteDataFor,
} from '#shared/signed-in-routes.ts';

// A signed-in page's HTML names everything the page needs first, so the browser fetches it all
// at once: the app's, the shell's and the page's chunks (with the chunks they import) and the
// session check and page's first queries. Without it each of those waited for the entry to
// download and run (docs/decisions/014-speed-budgets.md). A page the server drew lists the chunks
// inert, for the entry to start once the page is painted (decision 043).

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Adds the files `key` needs before it runs: its own and, depth first, its static imports'. */
function collectFiles(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectFiles(manifest, imported, into);
}

/** The `<link>` tags a signed-in visit to a page starts with: its chunks', and its first queries'. */
export interface RoutePreloads {
  /** `<link rel=modulepreload>` tags (the app's own are in ClientModules.app). */
  modules: string;
  /** The GET URLs of the shell's and the page's first queries. */
  queries: readonly string[];
}

/** The tags that start `queries` with the HTML. */
export function queryPreloadLinks(queries: readonly string[]): string {
  // fetchEarly sends these with credentials and no other header, so the browser reuses them.
  return queries.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('');
}

const moduleTags = (files: Iterable<string>) =>
  [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');

/** What the build's modules are, as `<link rel=modulepreload>` tags for a page's HTML. */
export interface ClientModules {
  /** The app's (start.tsx and its imports): every page loads them after the entry. */
  app: string;
  /** The shell's and the page's, and the page's first queries, for a signed-in visit to a path. */
  forRoute: (urlPath: string) => RoutePreloads | null;
}

/**
 * Reads the build's manifest (vite.config.ts `build.manifest`): the app's modules, and for a page
 * path the `<link>` tags a signed-in visit to it should start with (null for other paths). Nothing
 * without a client build or its manifest.
 */
export function clientModules(clientDir: string | undefined): ClientModules {
  const file = clientDir && path.join(clientDir, '.vite', 'manifest.json');
  if (!file || !existsSync(file)) return { app: '', forRoute: () => null };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // The entry and its imports are already in index.html.
  const inHtml = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectFiles(manifest, key, inHtml);
  // The app (src/client/start.tsx) is what the entry imports when it runs.
  const app = new Set<string>();
  for (const chunk of Object.values(manifest))
    if (inHtml.has(chunk.file)) for (const key of chunk.dynamicImports ?? []) collectFiles(manifest, key, app);
  for (const f of inHtml) app.delete(f);

  const tags = new Map<string, RoutePreloads>();
  for (const route of SIGNED_IN_ROUTES) {
    if (!manifest[route.module]) continue; // a page the build does not have: nothing to start
    const files = new Set<string>();
    collectFiles(manifest, SIGNED_IN_SHELL_MODULE, files);
    collectFiles(manifest, route.module, files);
    const queries = [...SIGNED_IN_SHELL_QUERIES, ...('firstQueries' in route ? route.firstQueries : [])];
    tags.set(route.path, {
      modules: moduleTags([...files].filter((f) => !inHtml.has(f) && !app.has(f))),
      queries,
    });
  }
  return {
    app: moduleTags(app),
    forRoute: (urlPath) => {
      const route = signedInRouteDataFor(urlPath);
      return (route && tags.get(route.path)) ?? null;
    },
  };
}
