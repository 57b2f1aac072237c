export const root: string;
export function clientIsStale(): boolean;
export function ensureClientBuilt(options?: { quiet?: boolean }): boolean;
