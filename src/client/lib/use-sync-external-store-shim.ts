// wouter imports `use-sync-external-store/shim`, a copy of the hook for React < 18. React 19 has
// it built in, so the build aliases the shim to React's own (vite.config.ts): ~0.7 KB less in the
// entry chunk of every page.
export { useSyncExternalStore } from 'react';
