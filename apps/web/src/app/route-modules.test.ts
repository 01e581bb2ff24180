import { describe, expect, it } from 'vitest';
import { pageOf } from './route-modules';

// main.tsx starts loading the page's chunk with the texts (issue 18): the page the router will draw.
describe('the page a location opens', () => {
  it('is matched as the router matches: any case, a trailing slash ignored', () => {
    expect(pageOf('/')).toBe('/');
    expect(pageOf('/dashboard')).toBe('/dashboard');
    expect(pageOf('/Seasonality/Pattern/')).toBe('/seasonality/pattern');
  });

  it('is none for a path that names no page', () => {
    for (const path of ['/nope', '/dashboard/extra', '/seasonality/foo']) expect(pageOf(path), path).toBeNull();
  });
});
