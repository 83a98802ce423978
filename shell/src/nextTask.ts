/**
 * Ends the current task: the browser can take a tap between two parts of the start, and no part
 * makes one long task with the next (what Lighthouse's Total Blocking Time counts).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
