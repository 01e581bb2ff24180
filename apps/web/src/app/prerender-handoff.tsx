import { useLayoutEffect } from 'react';
import { PRERENDER_ID } from '../shared/prerender-id';

/**
 * The server's markup of the landing page (shown before the scripts ran) leaves in the same
 * frame as the app's first page arrives: no blank frame between the two, and never both.
 */
export function PrerenderHandoff() {
  useLayoutEffect(() => {
    document.getElementById(PRERENDER_ID)?.remove();
  }, []);
  return null;
}
