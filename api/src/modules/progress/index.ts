// A student's progress through the classes, for the users and learning modules.
export * from './progress.service.js';
