export const root: string;
export function clientIsStale(): boolean;
export function ensureClientBuilt(options?: { quiet?: boolean }): boolean;
export function newestMtime(p: string): number;
