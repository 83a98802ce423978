// The site content (per language), for the pages' first screens.
export * from './site.service.js';
