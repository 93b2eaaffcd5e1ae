import type { AccountTables } from '../modules/accounts/tables.ts';
import type { ChunkTables } from '../modules/chunks/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { CredentialTables } from '../modules/credentials/tables.ts';
import type { LibraryTables } from '../modules/library/tables.ts';
import type { TicketTables } from '../modules/tickets/tables.ts';
import type { SyncTables } from '../modules/sync/tables.ts';

/**
 * The cloud database: each domain module declares its own tables (modules/<domain>/tables.ts) and
 * they are joined here, so Kysely checks every query against the whole schema.
 */
export type Database = ContentTables &
  AccountTables &
  CredentialTables &
  TicketTables &
  ChunkTables &
  LibraryTables &
  SyncTables;
