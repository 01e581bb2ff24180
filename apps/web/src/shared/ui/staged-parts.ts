import { startTransition, useEffect, useState } from 'react';

/** Runs `next` once the browser has painted what is on the page now; the returned function cancels it. */
function afterPaint(next: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    next();
  };
  // A timeout from the frame's callback runs after that frame is painted. A page in a tab in the
  // background gets no frames: there the fallback timeout draws the next part anyway.
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (afterFrame = setTimeout(run, 0)))
      : undefined;
  const fallback = setTimeout(run, frame === undefined ? 0 : NO_FRAME_MS);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  };
}

/** How long to wait for a frame before drawing the next part without one. */
const NO_FRAME_MS = 250;

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
