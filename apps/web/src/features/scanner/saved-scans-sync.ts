import { useEffect, useRef } from 'react';
import type { SavedScan as AccountScan } from '@solstice/contracts';
import { callApi } from '../../shared/lib/api-client';
import { usePremiumConfirmed } from '../../shared/ui/premium-gate';

/** A scan as the scanner's saved form keeps it (the browser store's copy). */
export interface LocalScan {
  name: string;
  expression: string;
  sort?: string;
  desc?: boolean;
}

export interface ScanChanges {
  create: LocalScan[];
  update: { id: number; scan: LocalScan }[];
  remove: number[];
}

/** What to send so that the account holds `next` (matched by name; the account's ids in `account`). */
export function scanChanges(account: readonly AccountScan[], next: readonly LocalScan[]): ScanChanges {
  const byName = new Map(account.map((s) => [s.name, s]));
  const names = new Set(next.map((s) => s.name));
  const create: LocalScan[] = [];
  const update: { id: number; scan: LocalScan }[] = [];
  for (const scan of next) {
    const there = byName.get(scan.name);
    if (!there) create.push(scan);
    else if (there.expression !== scan.expression) update.push({ id: there.id, scan });
  }
  const remove = account.filter((s) => !names.has(s.name)).map((s) => s.id);
  return { create, update, remove };
}

/** The account's scans as the store keeps them: local sort choices stay with their names. */
export function mergeIntoLocal(account: readonly AccountScan[], local: readonly LocalScan[]): LocalScan[] {
  const byName = new Map(local.map((s) => [s.name, s]));
  return account.map((s) => {
    const mine = byName.get(s.name);
    return {
      name: s.name,
      expression: s.expression,
      ...(mine?.sort ? { sort: mine.sort } : {}),
      ...(mine?.desc !== undefined ? { desc: mine.desc } : {}),
    };
  });
}

const OPTS = { background: true, quiet: true } as const;

async function listScans(): Promise<AccountScan[]> {
  return (await callApi('savedScans', undefined, OPTS)).data;
}

async function apply(changes: ScanChanges): Promise<void> {
  for (const id of changes.remove) await callApi('savedScanDelete', { params: { id } }, OPTS);
  for (const { id, scan } of changes.update)
    await callApi('savedScanUpdate', { params: { id }, body: { expression: scan.expression } }, OPTS);
  for (const scan of changes.create)
    await callApi('savedScanCreate', { body: { name: scan.name, expression: scan.expression } }, OPTS);
}

/**
 * Keeps the scanner's saved scans in the account (as watchlists are): at first the scans saved
 * only in this browser are sent, then the store copy follows the account; each later change
 * is sent and the store takes the account's answer. A refused change (a name taken, the
 * limit) leaves the account's list in place. Returns the function the screen calls on a change.
 */
export function useSavedScansSync(
  local: readonly LocalScan[],
  setLocal: (next: LocalScan[]) => void,
): (next: LocalScan[]) => void {
  const confirmed = usePremiumConfirmed();
  const latest = useRef({ local, setLocal });
  latest.current = { local, setLocal };
  const account = useRef<AccountScan[] | null>(null);

  useEffect(() => {
    if (!confirmed) return;
    let cancelled = false;
    void (async () => {
      try {
        const there = await listScans();
        const { local: mine } = latest.current;
        // Only additions at first: a scan missing here was saved from another browser.
        const first = scanChanges(there, [...mergeIntoLocal(there, mine), ...mine]);
        await apply({ create: first.create, update: [], remove: [] });
        const after = first.create.length > 0 ? await listScans() : there;
        if (cancelled) return;
        account.current = after;
        latest.current.setLocal(mergeIntoLocal(after, latest.current.local));
      } catch {
        // Offline or refused: the store copy stays; the next visit tries again.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [confirmed]);

  return (next) => {
    latest.current.setLocal(next);
    const there = account.current;
    if (!there) return;
    void (async () => {
      try {
        await apply(scanChanges(there, next));
      } catch {
        // Refused (a name taken elsewhere, the limit): the account's list wins below.
      }
      try {
        const after = await listScans();
        account.current = after;
        latest.current.setLocal(mergeIntoLocal(after, latest.current.local));
      } catch {
        // keep the local copy
      }
    })();
  };
}
