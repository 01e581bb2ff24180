import { afterEach } from 'vitest';

export type Closer = () => Promise<void> | void;

/**
 * What a test opens (servers, apps) it pushes on the list answered; after each test, pass or
 * fail, every entry is closed in the list's order and the list emptied, then `last` runs.
 */
export function closeAfterEach(last?: () => Promise<void>): Closer[] {
  const closers: Closer[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await last?.();
  });
  return closers;
}
