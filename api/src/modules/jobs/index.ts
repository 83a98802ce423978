// The job queue other modules enqueue to, and the decorator that makes a method a job's handler.
export * from './jobs.service.js';
export { JobHandler } from './job-handler.js';
