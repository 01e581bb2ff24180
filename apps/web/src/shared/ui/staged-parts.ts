import { startTransition, useEffect, useState } from 'react';

/** Runs `next` once the browser has painted what is on the page now; the returned function cancels it. */
function afterPaint(next: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A timeout from the frame's callback runs after that frame is painted; without frames (a
  // hidden page, a test's DOM) a timeout alone.
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (timer = setTimeout(next, 0)))
      : ((timer = setTimeout(next, 0)), undefined);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How many of a result's `count` parts to draw: the first at once, each next one after the
 * previous has been painted, at transition priority. A screen whose result is several large
 * tables and charts then draws it in as many tasks as it has parts, the first (what is in view)
 * first, instead of in one that holds the main thread (Lighthouse's blocking time, issue 45).
 * Once per mount: a result redrawn in place (another sort, a new answer kept in view) is drawn whole.
 */
export function useStagedParts(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return;
    return afterPaint(() => startTransition(() => setShown(shown + 1)));
  }, [shown, count]);
  return Math.min(shown, count);
}
