import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { NAMESPACES } from './resources';
import { CORE_NAMESPACES, bundleOf } from './i18n';

const namespacesOf = (bundle: Record<string, unknown>, language: string) =>
  Object.keys(bundle)
    .map((file) => new RegExp(`^\\.\\./${language}/(\\w+)\\.ts$`).exec(file)?.[1] ?? file)
    .sort();

describe('the texts’ two chunks a language', () => {
  it.each(LANGUAGES)('%s: the core chunk holds the core namespaces, the other chunk all the rest', async (language) => {
    const core = (await bundleOf(language, 'common')()).default;
    const tools = (await bundleOf(language, 'dashboard')()).default;
    expect(namespacesOf(core, language)).toEqual([...CORE_NAMESPACES].sort());
    expect(namespacesOf(tools, language)).toEqual(NAMESPACES.filter((ns) => !CORE_NAMESPACES.includes(ns)).sort());
    for (const ns of NAMESPACES) {
      const bundle = CORE_NAMESPACES.includes(ns) ? core : tools;
      expect(bundleOf(language, ns), ns).toBe(
        bundleOf(language, CORE_NAMESPACES.includes(ns) ? 'common' : 'dashboard'),
      );
      expect(bundle[`../${language}/${ns}.ts`]?.default, ns).toBeTypeOf('object');
    }
  });
});
