/** Specification §8: a chunk that fails to load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_KEY = 'solstice:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** A failed lazy import (Vite/Chromium, Firefox, Safari and webpack wordings). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    /Loading chunk [\w-]+ failed/i.test(message) ||
    /ChunkLoadError/.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message) ||
    /Unable to preload CSS/i.test(message)
  );
}

/**
 * Reloads the page unless it already did so in the last 60 s. Returns true when a reload
 * was started (the caller then waits for it instead of showing an error).
 */
export function reloadForChunkError(now: number = Date.now(), reload: () => void = () => window.location.reload()) {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    // storage blocked: reload anyway is risky (loops); treat as "just reloaded".
    return false;
  }
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/**
 * Wraps a lazy import: a chunk failure reloads the page once (the promise then never
 * settles, so nothing flashes before the reload); a second failure within 60 s rejects.
 */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<T>(() => {});
      throw error;
    });
}
