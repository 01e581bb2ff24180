import postcss, { type AtRule, type ChildNode, type Container } from 'postcss';

/** Whether a selector (without states such as :hover) matches an element of the page. */
export type SelectorTest = (selector: string) => boolean;

// States the page has not reached in its first paint, and pseudo-elements: dropped before the
// test, so `.btn:hover` is kept when `.btn` is there (the stylesheet that follows has them too).
const STATE =
  /::?(?:before|after|placeholder|selection|marker|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+)|:(?:hover|focus-visible|focus-within|focus|active|visited|link|checked|indeterminate|disabled|enabled|invalid|valid|read-only|required|placeholder-shown|autofill|target|empty)(?![\w-])/g;
// At-rules whose content the first paint cannot need.
const DROPPED_AT_RULES = new Set(['keyframes', '-webkit-keyframes', 'font-feature-values', 'page']);

function keepsSelector(selector: string, matches: SelectorTest): boolean {
  const plain = selector.replace(STATE, '').trim();
  if (plain === '' || /^[>+~]|[>+~]$/.test(plain)) return true; // `*`-like after the states went
  try {
    return matches(plain);
  } catch {
    return false; // a selector the test cannot read (a vendor prefix) is left to the stylesheet
  }
}

function prune(container: Container, matches: SelectorTest, keepFontFace: (rule: AtRule) => boolean): void {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter((s) => keepsSelector(s, matches));
      if (kept.length === 0) node.remove();
      else if (kept.length < node.selectors.length) node.selectors = kept;
    } else if (node.type === 'atrule') {
      const name = node.name.toLowerCase();
      if (name === 'font-face') {
        if (!keepFontFace(node)) node.remove();
      } else if (DROPPED_AT_RULES.has(name)) node.remove();
      else if (node.nodes) {
        prune(node, matches, keepFontFace);
        if (node.nodes.length === 0) node.remove();
      }
    } else if (node.type === 'comment') node.remove();
  });
}

/**
 * The part of the app's stylesheet a prerendered page needs for its first paint: the rules
 * whose selectors match an element of the page (with their media queries), the custom
 * properties, and the local fallback font (`fallbackFamily`); no web font (those come with the
 * whole stylesheet, after the first paint) and no animation. The server inlines it on `/`
 * (Lighthouse, issue 18).
 */
export function criticalCss(css: string, matches: SelectorTest, fallbackFamily = 'Roboto Fallback'): string {
  const root = postcss.parse(css);
  const keepFontFace = (rule: AtRule) =>
    rule.nodes?.some(
      (d) => d.type === 'decl' && d.prop === 'font-family' && d.value.replace(/["']/g, '') === fallbackFamily,
    ) ?? false;
  prune(root, matches, keepFontFace);
  root.walkAtRules('charset', (rule) => void rule.remove());
  dropUnusedProperties(root);
  return root.toString().trim();
}

const VAR = /var\(\s*(--[\w-]+)/g;

/** Custom properties (Bootstrap's `--bs-*` on :root) that no kept declaration reads, however indirectly. */
function dropUnusedProperties(root: postcss.Root): void {
  const definitions = new Map<string, string[]>();
  const used = new Set<string>();
  const read = (value: string, into: string[]) => {
    for (const m of value.matchAll(VAR)) into.push(m[1]!);
  };
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) {
      const refs = definitions.get(decl.prop) ?? [];
      read(decl.value, refs);
      definitions.set(decl.prop, refs);
    } else {
      const refs: string[] = [];
      read(decl.value, refs);
      refs.forEach((r) => used.add(r));
    }
  });
  const queue = [...used];
  while (queue.length > 0) {
    for (const ref of definitions.get(queue.pop()!) ?? []) {
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}
