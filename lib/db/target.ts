import path from 'node:path';

export const DEFAULT_SQLITE_FILE = './data/site.db';

export type DatabaseTarget =
  { dialect: 'sqlite'; url: string; file: string } | { dialect: 'postgres'; url: string };

export function databaseTarget(databaseUrl: string | undefined): DatabaseTarget {
  const value = (databaseUrl ?? '').trim();
  if (value === '' || value.startsWith('file:')) {
    const file = value === '' ? DEFAULT_SQLITE_FILE : value.slice('file:'.length);
    if (file === '') throw new Error('DATABASE_URL "file:" needs a path, e.g. file:./data/site.db');
    const absolute = path.resolve(file);
    return { dialect: 'sqlite', url: `file:${absolute}`, file: absolute };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { dialect: 'postgres', url: value };
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)');
}
