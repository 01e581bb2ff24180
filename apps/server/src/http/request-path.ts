/**
 * The one reading of a request's path that every decision made outside the router uses
 * (is it the API, is it a page, which page): the router decodes percent-escapes and takes
 * the absolute form, so the gate must read the path the same way or it judges another URL.
 *
 * Absolute form (`http://x/api/…`) loses scheme and authority, percent-escapes are decoded
 * (an invalid escape makes the path unreadable: null), `;params` are dropped, runs of
 * slashes collapse and dot segments are resolved. Case is kept: the router is case-sensitive.
 */
export function normalisePath(rawUrl: string): string | null {
  let target = rawUrl;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  const end = target.search(/[?#]/);
  let path = end >= 0 ? target.slice(0, end) : target;
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const segment = raw.split(';')[0] ?? '';
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = path.length > 1 && path.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/** Whether a normalised path belongs to the API (JSON answers, never the app's page). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Whether a normalised path names a file of the built app: a missing one is a 404, never the page. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
