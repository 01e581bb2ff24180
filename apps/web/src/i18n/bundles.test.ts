import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { NAMESPACES } from './resources';
import { CORE_NAMESPACES, bundleOf } from './i18n';
import { textChunkOf } from './text-chunks';

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

describe('the texts’ chunks in the build', () => {
  it('hold each language’s bundle and its namespaces (the English scanner’s apart), and nothing else', () => {
    const root = '/work/app/apps/web/src';
    expect(textChunkOf(`${root}/i18n/bundles/tr-core.ts`)).toBe('texts-tr-core');
    expect(textChunkOf(`${root}/i18n/bundles/en-tools.ts`)).toBe('texts-en-tools');
    for (const language of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const chunk =
          language === 'en' && ns === 'scanner' ? 'scanner' : CORE_NAMESPACES.includes(ns) ? 'core' : 'tools';
        expect(textChunkOf(`${root}/i18n/${language}/${ns}.ts`), ns).toBe(`texts-${language}-${chunk}`);
      }
    }
    for (const other of [
      'i18n/i18n.ts',
      'i18n/languages.ts',
      'lib/dates.ts',
      'shared/ui/states.tsx',
      'i18n/en/x/y.ts',
    ]) {
      expect(textChunkOf(`${root}/${other}`), other).toBeUndefined();
    }
  });
});
