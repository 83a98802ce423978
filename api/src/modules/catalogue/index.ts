// What the rest of the API uses of the catalogue: its read services, the language and visibility
// rules of what a viewer may see, the catalogue cache and the public answers' cache, the search
// index (health). Nest modules are imported from their own `*.module.ts` files.
export * from './visibility.js';
export * from './courses/courses.service.js';
export * from './formations/formations.service.js';
export * from './classes/classes.service.js';
export * from './discounts/discounts.service.js';
export * from './cache/catalog-cache.service.js';
export * from './cache/public-cache.js';
export * from './search/search-index.service.js';
// the admin routes, rules and values other modules' admin controllers and forms share
// (membership plans)
export { CatalogueAdminController, DeleteById } from './admin/admin-routes.js';
export { assertRules } from './admin/shared-rules.js';
export { toText } from './admin/admin-values.js';
