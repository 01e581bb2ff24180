import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

const PAGE = '<div class="landing"><h1>Hi</h1><button class="btn btn-primary" disabled>Go</button></div>';

function inPage(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  return (selector: string) => doc.querySelector(selector) !== null;
}

const CSS = [
  '@charset "UTF-8";',
  '@font-face{font-family:Roboto;src:url(/assets/roboto.woff2) format("woff2")}',
  '@font-face{font-family:"Roboto Fallback";src:local("Arial");size-adjust:100.3%}',
  ':root{--bs-blue:#0d6efd;--bs-body-font-family:var(--bs-font);--bs-font:Roboto,"Roboto Fallback";--bs-unused:1px}',
  'body{margin:0;font-family:var(--bs-body-font-family)}',
  '.landing{display:flex}',
  '.modal{position:fixed}',
  '.btn{padding:1px;color:var(--bs-btn-color)}.btn:hover{color:red}.btn:disabled,fieldset:disabled .btn{opacity:.65}',
  '.btn-primary,.btn-danger{--bs-btn-color:#fff}',
  '.btn::after{content:""}',
  '@media (min-width:768px){.landing{display:grid}.table td{font-size:10px}}',
  '@media print{.modal{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '/* a comment */',
].join('');

describe('the critical CSS of a prerendered page', () => {
  const css = criticalCss(CSS, inPage(PAGE));

  it('keeps the rules of the page’s elements, their states and media queries, and nothing else', () => {
    expect(css).toContain('.landing{display:flex}');
    expect(css).toContain('body{margin:0;font-family:var(--bs-body-font-family)}');
    expect(css).toContain('.btn{padding:1px;color:var(--bs-btn-color)}');
    expect(css).toContain('.btn:hover{color:red}');
    expect(css).toContain('.btn::after{content:""}');
    // Only the selectors of a rule that match stay.
    expect(css).toContain('.btn:disabled{opacity:.65}');
    expect(css).toContain('.btn-primary{--bs-btn-color:#fff}');
    expect(css).toContain('@media (min-width:768px){.landing{display:grid}}');
    for (const gone of [
      '.modal',
      '.table',
      '@media print',
      '.btn-danger',
      'fieldset',
      '@keyframes',
      'comment',
      '@charset',
    ])
      expect(css, gone).not.toContain(gone);
  });

  it('keeps the local fallback face but no web font (those come with the stylesheet, after the paint)', () => {
    expect(css).toContain('font-family:"Roboto Fallback"');
    expect(css).not.toContain('roboto.woff2');
  });

  it('keeps the custom properties a kept rule reads, however indirectly, and drops the others', () => {
    expect(css).toContain('--bs-body-font-family:var(--bs-font)');
    expect(css).toContain('--bs-font:Roboto,"Roboto Fallback"');
    expect(css).not.toContain('--bs-blue');
    expect(css).not.toContain('--bs-unused');
  });
});
