import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DialectName } from '../db/database.js';
import { requestAs, signedInUser, type AdminMethod, type SignedIn } from './auth-helpers.js';
import { startLiveServer, type LiveServer } from './live-server.js';
import { createTestApp, type TestApp, type TestOverrides } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-databases.js';

/** Built once before the tests of the enclosing describe block, or afresh before each test. */
export type FixtureScope = 'all' | 'each';

/**
 * An object that stands for whatever `current()` answers when it is read, so that a test
 * reads a fixture the hooks build as it would read a variable the hooks assign.
 */
export function lateBound<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  });
}

/** Registers the hooks that open a fixture before the tests (see FixtureScope) and close it after them. */
export function useFixture<T extends object>(
  scope: FixtureScope,
  open: () => Promise<T>,
  close: (value: T) => Promise<unknown>,
): T {
  let value: T | undefined;
  const [before, after] = scope === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    value = await open();
  });
  after(async () => {
    const opened = value;
    value = undefined;
    if (opened) await close(opened);
  });
  return lateBound(() => {
    if (!value) throw new Error('a test fixture was read outside the tests that open it');
    return value;
  });
}

export interface TempDir {
  readonly path: string;
  /** path.join from the folder. */
  join(...parts: string[]): string;
}

/** A fresh folder in the system's temporary folder for each test, removed after it. */
export function useTempDir(prefix: string): TempDir {
  const dir = useFixture(
    'each',
    async () => ({ path: fs.mkdtempSync(path.join(os.tmpdir(), prefix)) }),
    async (made) => fs.rmSync(made.path, { recursive: true, force: true }),
  );
  return {
    get path() {
      return dir.path;
    },
    join: (...parts) => path.join(dir.path, ...parts),
  };
}

export interface TestAppFixture {
  scope?: FixtureScope;
  settings?: Record<string, string>;
  overrides?: TestOverrides;
}

/** createTestApp for the tests of the enclosing describe block (by default one app for all of them). */
export function useTestApp(dialect: DialectName, { scope = 'all', settings, overrides }: TestAppFixture = {}): TestApp {
  return useFixture(
    scope,
    () => createTestApp(dialect, settings, overrides),
    (t) => t.close(),
  );
}

/** startLiveServer for the tests of the enclosing describe block (by default one server for all of them). */
export function useLiveServer(
  dialect: DialectName,
  { scope = 'all', settings, overrides }: TestAppFixture = {},
): LiveServer {
  return useFixture(
    scope,
    () => startLiveServer(dialect, settings, overrides),
    (live) => live.close(),
  );
}

/** createTestDatabase for the tests of the enclosing describe block (by default one database for all of them). */
export function useTestDatabase(dialect: DialectName, scope: FixtureScope = 'all'): TestDatabase {
  return useFixture(
    scope,
    () => createTestDatabase(dialect),
    (database) => database.destroy(),
  );
}

export interface AdminTestApp {
  t: TestApp;
  /** An admin, "root_admin", created first. */
  admin: SignedIn;
  /** A member, "plain_member". */
  member: SignedIn;
  as(who: SignedIn, method: AdminMethod, url: string, payload?: unknown): ReturnType<typeof requestAs>;
}

/** A fresh test app for each test, with a signed-in admin and member: the setup of the admin route tests. */
export function useAdminTestApp(dialect: DialectName): AdminTestApp {
  const fixture = useFixture(
    'each',
    async () => {
      const t = await createTestApp(dialect);
      const admin = await signedInUser(t, { role: 'admin', username: 'root_admin' });
      const member = await signedInUser(t, { username: 'plain_member' });
      return { t, admin, member };
    },
    ({ t }) => t.close(),
  );
  const t = lateBound(() => fixture.t);
  return {
    t,
    admin: lateBound(() => fixture.admin),
    member: lateBound(() => fixture.member),
    as: (who, method, url, payload) => requestAs(t, who, method, url, payload),
  };
}
