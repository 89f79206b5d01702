export interface Migration {
  id: string;
  statements: string[];
}
export declare const migrations: Migration[];
export declare const MIGRATIONS_TABLE: string;
export declare function migrate(
  execute: (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>,
  dialect: 'sqlite' | 'postgres',
): Promise<void>;
