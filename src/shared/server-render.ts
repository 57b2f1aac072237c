// The contract between the server and the client build's renderer of signed-in pages
// (src/client/entry-server.tsx, loaded by src/server/plugins/server-render.ts; decision 014).

/** A GET of our API as the visitor (their cookie), answered in the server's own process. */
export type ApiCall = (url: string) => Promise<Response>;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers the markup was drawn from (TanStack Query's dehydrated cache), for the browser's query cache. */
  state: unknown;
  /** The URLs of those answers: the browser need not ask for them. */
  used: string[];
  /** Inline style for <html>: the business's brand colours, as the browser's BrandStyle sets them. */
  htmlStyle: string;
}

/**
 * The first screen of `url` for the visitor whose calls `api` makes, or null when the route is not
 * server-rendered or nobody is signed in.
 */
export type RenderSignedInPage = (url: string, api: ApiCall) => Promise<RenderedPage | null>;

/** What the renderer's bundle (dist/ssr/entry-server.js) exports. */
export interface ServerRenderer {
  renderSignedInPage: RenderSignedInPage;
  /** Loads every server-rendered page's chunks (at start, not on the first visit). */
  loadServerRenderedPages: () => Promise<void>;
}

/** The id of the `<script type="application/json">` that carries `state` to the browser. */
export const SERVER_STATE_ID = 'fw-server-state';
