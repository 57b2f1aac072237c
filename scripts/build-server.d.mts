export function serverIsStale(): boolean;
/** The compiled server's entry (dist/server/main.js), built first when stale. */
export function ensureServerBuilt(): Promise<string>;
