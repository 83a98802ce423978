// What other modules use of authentication: the route decorators and the caller's shape. The guard
// and the login flow stay inside.
export * from './auth.decorators.js';
export type { AuthAccount, AuthUser, TokenPayload } from './auth-user.js';
