import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config drizzle.postgres.config.ts` after a change to lib/db/schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations/postgres',
});
