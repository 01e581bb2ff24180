import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// apps/web/src/styles/theme.scss compiles Bootstrap's own import stack without the components no screen uses.
// These tests keep that true: the stack is Bootstrap's, in its order, less exactly the
// components below, and no source file uses a class or a react-bootstrap component of one.
const LEFT_OUT = {
  accordion: ['accordion'],
  breadcrumb: ['breadcrumb'],
  pagination: ['pagination', 'page-item', 'page-link'],
  toasts: ['toast'],
  popover: ['popover'],
  carousel: ['carousel'],
  offcanvas: ['offcanvas'],
  placeholders: ['placeholder', 'placeholder-glow', 'placeholder-wave'],
  navbar: ['navbar'],
} as const;
const LEFT_OUT_COMPONENTS = [
  'Accordion',
  'Breadcrumb',
  'Pagination',
  'PageItem',
  'Toast',
  'ToastContainer',
  'Popover',
  'OverlayTrigger',
  'Carousel',
  'Offcanvas',
  'Placeholder',
  'PlaceholderButton',
  'Navbar',
];

const SRC = path.resolve(__dirname, '../apps/web/src');
const BOOTSTRAP = path.resolve(
  createRequire(path.resolve(SRC, '..', 'package.json')).resolve('bootstrap/package.json'),
  '..',
  'scss/bootstrap.scss',
);

const imports = (scss: string, prefix: string) =>
  [...scss.matchAll(/^@import\s+['"]([^'"]+)['"];/gm)].map((m) => m[1]!).filter((p) => p.startsWith(prefix));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Class names of the left-out components as a whole word in a string: "navbar", `x navbar-brand`. */
export function usesLeftOutClass(source: string): string | null {
  const classes = Object.values(LEFT_OUT).flat();
  const pattern = new RegExp(`(?<=['"\`\\s])(${classes.join('|')})(-[\\w-]+)?(?=['"\`\\s])`);
  for (const literal of source.matchAll(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g)) {
    const hit = ` ${literal[0]} `.match(pattern);
    if (hit) return hit[0];
  }
  return null;
}

export function usesLeftOutComponent(source: string): string | null {
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]react-bootstrap['"]/g)) {
    const names = m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!);
    const hit = names.find((n) => LEFT_OUT_COMPONENTS.includes(n));
    if (hit) return hit;
  }
  const deep = source.match(/from\s*['"]react-bootstrap\/(\w+)['"]/);
  return deep && LEFT_OUT_COMPONENTS.includes(deep[1]!) ? deep[1]! : null;
}

describe('the theme’s Bootstrap', () => {
  it('imports Bootstrap’s own stack in its order, less exactly the unused components', () => {
    const ours = imports(fs.readFileSync(path.join(SRC, 'styles/theme.scss'), 'utf8'), 'bootstrap/scss/').map((p) =>
      p.replace('bootstrap/scss/', ''),
    );
    const theirs = imports(fs.readFileSync(BOOTSTRAP, 'utf8'), '');
    expect(theirs[0]).toBe('mixins/banner'); // the licence comment, first in both
    expect(ours).toEqual(theirs.filter((p) => !(p in LEFT_OUT)));
    // every left-out name is one of Bootstrap's parts (a rename upstream must be looked at)
    for (const part of Object.keys(LEFT_OUT)) expect(theirs).toContain(part);
  });

  it('no screen uses a class or a react-bootstrap component of a left-out part', () => {
    const found = sourceFiles(SRC).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      const hit = usesLeftOutClass(source) ?? usesLeftOutComponent(source);
      return hit ? [`${path.relative(SRC, file)}: ${hit}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('the checks see a use (they would catch one)', () => {
    expect(usesLeftOutClass('<nav className="navbar navbar-expand">')).toBe('navbar');
    expect(usesLeftOutClass("clsx('d-flex', 'page-link')")).toBe('page-link');
    expect(usesLeftOutClass('const t = `${x} toast-body`;')).toBe('toast-body');
    expect(usesLeftOutClass('Swal.fire({ toast: true }); const o = { breadcrumb: { show: false } };')).toBeNull();
    expect(usesLeftOutClass('<input placeholder="Search" />')).toBeNull();
    expect(usesLeftOutClass("// don't\nfunction f({ placeholder }: P) {}\nconst s = 'it's';")).toBeNull();
    expect(usesLeftOutComponent("import { Modal, Popover as P } from 'react-bootstrap';")).toBe('Popover');
    expect(usesLeftOutComponent("import Toast from 'react-bootstrap/Toast';")).toBe('Toast');
    expect(usesLeftOutComponent("import { Modal, Dropdown } from 'react-bootstrap';")).toBeNull();
  });
});
