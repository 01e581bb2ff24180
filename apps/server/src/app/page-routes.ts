import { PAGES } from '@solstice/contracts';

/**
 * The pages of the app (@solstice/contracts `PAGES`, the list the web's router draws). The
 * server answers these with the app's page; any other page path gets the same page with
 * status 404 ("an unmatched route shows an error page with status 404"), so that a crawler or
 * a scanner never takes `/backup.zip` for a file.
 */
export const PAGE_PATHS: readonly string[] = Object.values(PAGES);

const KNOWN = new Set<string>(PAGE_PATHS);

/**
 * A path as the client's router matches it: case does not matter, and a trailing slash is the
 * same page (`/Dashboard/` → `/dashboard`).
 */
export function pagePathOf(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** Whether a normalised path names a page, matched as the client's router matches (pagePathOf). */
export function isPagePath(pathname: string): boolean {
  return KNOWN.has(pagePathOf(pathname));
}
