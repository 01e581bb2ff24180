import { PAGES } from '@solstice/contracts';

/** Every page of the app: the one list of @solstice/contracts, which the server answers too. */
export const paths = PAGES;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that names the symbol whose details dialog is open, on any page. */
export const DETAILS_PARAM = 'details';
