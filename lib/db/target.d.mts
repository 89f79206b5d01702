export declare const DEFAULT_SQLITE_FILE: string;
export type DatabaseTarget =
  { dialect: 'sqlite'; url: string; file: string } | { dialect: 'postgres'; url: string };
export declare function databaseTarget(databaseUrl: string | undefined): DatabaseTarget;
