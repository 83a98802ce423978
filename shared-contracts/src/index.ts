export * from './languages.js';
export * from './routes.js';
export * from './api/errors.js';
export * from './api/config.js';
export * from './api/users.js';
export * from './api/cart.js';
export * from './api/content.js';
