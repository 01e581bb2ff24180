import type { Generated } from 'kysely';
import type { Role } from '@solstice/contracts';

export interface UsersTable {
  id: Generated<number>;
  /** Lowercased. */
  email: string;
  username: string;
  /** lower(username), unique. */
  username_key: string;
  password_hash: string;
  role: Role;
  locale: string | null;
  time_zone: string | null;
  /** JSON of LayoutPreferences. */
  layout: string | null;
  /** When the first-run tour was done (epoch ms); null while it is still to show. */
  tutorial_seen_at: number | null;
  /** 0 after the user turned alert mail off (profile, or the unsubscribe link). */
  alert_mail: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token, hex. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends AuthTables {}
}
