// What the rest of the API uses of memberships: the plans.
export * from './plans.service.js';
