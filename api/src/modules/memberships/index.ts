// What the rest of the API uses of memberships: the plans and the subscriptions.
export * from './plans.service.js';
export * from './subscriptions.service.js';
