/** The element the server puts the landing markup in, before #root; the app removes it when it first draws. */
export const PRERENDER_ID = 'prerender';

/**
 * The element the server puts the first-run tour's first step in, before #root, for an account
 * that has not seen the tour; the app removes it as its own tour opens, or when it will not.
 */
export const TOUR_PRERENDER_ID = 'prerender-tour';

/** Takes the server's first step of the tour out of the page (there is none after the first time). */
export function removePrerenderedTour(doc: Document = document): void {
  doc.getElementById(TOUR_PRERENDER_ID)?.remove();
}
