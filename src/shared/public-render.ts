// The contract between the server and the client build's renderer of public pages
// (src/client/entry-public.tsx, exported by the Node bundle dist/ssr/entry-server.js and loaded by
// src/server/plugins/public-pages.ts).

export interface RenderedPublicPage {
  /** The markup of #root. */
  html: string;
  /** The page's own title and meta description (usePageMeta), for the document's <head>. */
  title: string;
  description: string;
  /** A business's brand colours, for <html style> (a sign-in screen on its own domain); absent otherwise. */
  htmlStyle?: string;
}

/** What the renderer's bundle exports for the public pages. */
export interface PublicRenderer {
  /** The paths drawn on the server (no visitor data on them); any other path is left to the browser. */
  PUBLIC_RENDERED_PATHS: readonly string[];
  /** Of those, the pages whose first screen depends on the query; the others ignore it. */
  QUERY_READING_PATHS: readonly string[];
  /**
   * The first screen of `url` (path and search), or null when its path is not one of them. With
   * `brand` (the JSON of a business's own domain's `fw-brand` tag), a sign-in screen in its brand.
   */
  renderPublicPage: (url: string, brand?: string) => Promise<RenderedPublicPage | null>;
}
