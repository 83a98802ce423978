// Shared parts of `npm run load` and `npm run chaos`: a throw-away PostgreSQL database, the built
// API as child processes, a round-robin proxy, the simulated users, the figures and the checks of
// what the database holds afterwards. Loopback addresses only.
export * from './basics.mjs';
export * from './processes.mjs';
export * from './http-client.mjs';
export * from './shoppers.mjs';
export * from './purchase-check.mjs';
export * from './launch-day.mjs';
