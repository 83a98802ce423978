import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (run in api/) writes SQL migrations into api/drizzle/ from the
// tables (src/database/tables/) gathered in src/database/schema.ts. The app applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/database/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
