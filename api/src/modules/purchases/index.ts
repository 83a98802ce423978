// Access derived from the grants history, for every module that checks or grants access.
export * from './purchases.service.js';
