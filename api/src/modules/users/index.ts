// What other modules use of the accounts: the users service, password hashing, and the configured
// admin account at start.
export * from './users.service.js';
export * from './password-hasher.js';
export * from './password.js';
export * from './ensure-admin.js';
