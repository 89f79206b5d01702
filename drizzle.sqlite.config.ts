import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config drizzle.sqlite.config.ts` after a change to lib/db/schema.ts. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations/sqlite',
});
