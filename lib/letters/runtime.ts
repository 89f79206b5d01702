import 'server-only';
import { siteDatabase } from '@/lib/db/client';
import { lettersStore, type LettersStore } from './store';

/** On the process's one database handle (lib/db/client.ts), migrated by the server entry at start. */
export async function getLettersStore(): Promise<LettersStore> {
  return lettersStore(await siteDatabase());
}
