import { useEffect, useMemo, useState } from 'react';

// The Markdown preview's renderer (marked) is not part of the page's first load: no preview is on
// screen until a post is being written or opened, so it is loaded when one is first shown.

type Render = (markdown: string) => string;
let render: Render | null = null;
let loading: Promise<Render | null> | null = null;

/** Loads the renderer once (again after a failed load); resolves to null when it could not load. */
export function loadMarkdown(): Promise<Render | null> {
  loading ??= import('./markdown-preview').then(
    (m) => (render = m.renderMarkdown),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** The preview's HTML (see markdown-preview.ts): empty until the renderer has loaded, the first time. */
export function useMarkdownHtml(markdown: string): string {
  const [ready, setReady] = useState(render !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadMarkdown().then((r) => {
      if (live && r) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return useMemo(() => (ready && render ? render(markdown) : ''), [ready, markdown]);
}
