/** One task later: a long list of small steps, each awaited in turn, never makes one long task. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
