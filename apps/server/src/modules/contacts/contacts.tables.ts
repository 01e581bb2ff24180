import type { Generated } from 'kysely';

export interface ContactsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
}

export interface ContactTagsTable {
  contact_id: number;
  tag_id: number;
}

export interface ContactTables {
  contacts: ContactsTable;
  contact_tags: ContactTagsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ContactTables {}
}
