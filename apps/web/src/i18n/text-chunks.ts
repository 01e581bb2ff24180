// Which chunk of the web build holds a module of the texts (read by vite.config.ts at build
// time, so it imports nothing but types).
import type { Namespace } from './resources';

/** The namespaces of a language's first text chunk: what the landing page and its dialogs need. */
export const CORE_NAMESPACES: readonly Namespace[] = ['common', 'shell', 'auth', 'landing', 'a11y', 'notifications'];

const TEXT_MODULE = /\/src\/i18n\/(en|tr)\/(\w+)\.ts$/;
const BUNDLE_MODULE = /\/src\/i18n\/bundles\/(en|tr)-(core|tools)\.ts$/;

/**
 * Each language's texts go in two chunks of their own (`texts-<language>-core`, `-tools`: the
 * bundle module and its namespaces) holding nothing else. Left to the build's merging of small
 * chunks, they took in modules every page needs (lib/dates, shared/ui/states…), so that every
 * page's first load fetched and ran both languages' texts, ≈ 100 KB (Lighthouse on /dashboard,
 * issue 18). The English scanner namespace has a chunk of its own: the scanner's CSV names
 * its columns in English in every language (i18n.ts, loadAllTexts), so a page in another
 * language loads that one. Any other module: undefined (the build decides).
 */
export function textChunkOf(moduleId: string): string | undefined {
  const bundle = BUNDLE_MODULE.exec(moduleId);
  if (bundle) return `texts-${bundle[1]}-${bundle[2]}`;
  const text = TEXT_MODULE.exec(moduleId);
  if (!text) return undefined;
  if (text[1] === 'en' && text[2] === 'scanner') return 'texts-en-scanner';
  return `texts-${text[1]}-${CORE_NAMESPACES.includes(text[2] as Namespace) ? 'core' : 'tools'}`;
}
