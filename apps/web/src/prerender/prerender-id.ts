/** The element the server puts the landing markup in, before #root; the app removes it when it first draws. */
export const PRERENDER_ID = 'prerender';
