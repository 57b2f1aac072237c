import { createContext, useContext, useEffect } from 'react';

/**
 * Where a page rendered on the server (entry-public.tsx) gives its title and description, for the
 * document's <head>; in the browser there is none and the effect below sets them.
 */
export const PageMetaSink = createContext<((title: string, description?: string) => void) | null>(null);

/** Sets the document title and the meta description for the current page. */
export function usePageMeta(title: string, description?: string): void {
  useContext(PageMetaSink)?.(title, description);
  useEffect(() => {
    document.title = title;
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
