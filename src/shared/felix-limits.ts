// Felix's limits without zod, so the chat panel on every signed-in page loads no schema code;
// schemas/felix.ts re-exports them beside the schemas that use them.

/** Felix models of the spec, in the order shown; the default is claude-sonnet-4. */
export const FELIX_DEFAULT_MODEL = 'claude-sonnet-4';
export const FELIX_MESSAGE_MAX = 4000;
export const FELIX_HISTORY_MAX = 40;
