// The job queue other modules enqueue to and register handlers with.
export * from './jobs.service.js';
