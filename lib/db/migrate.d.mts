import type { Client } from '@libsql/client';

export declare function migrateSqlite(client: Client): Promise<void>;
export declare function migratePostgresDatabase(url: string): Promise<void>;
