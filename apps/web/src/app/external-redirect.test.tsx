import { describe, expect, it, vi } from 'vitest';
import { createBrowserRouter, redirect } from 'react-router';

describe('redirect to a non-local path', () => {
  it('is a full browser redirect', async () => {
    const assign = vi.fn();
    const loc = window.location;
    const fakeLocation = {
      get href() {
        return loc.href;
      },
      get origin() {
        return loc.origin;
      },
      get pathname() {
        return loc.pathname;
      },
      get search() {
        return loc.search;
      },
      get hash() {
        return loc.hash;
      },
      get protocol() {
        return loc.protocol;
      },
      get host() {
        return loc.host;
      },
      assign,
      replace: assign,
      toString: () => loc.href,
    };
    const fakeWindow = new Proxy(window, {
      get: (target, prop) => {
        if (prop === 'location') return fakeLocation;
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const router = createBrowserRouter(
      [
        { path: '/', element: null },
        { path: '/away', element: null, loader: () => redirect('https://payments.example.com/checkout') },
      ],
      { window: fakeWindow },
    );
    await router.navigate('/away');
    expect(assign).toHaveBeenCalledWith('https://payments.example.com/checkout');
    router.dispose();
  });
});
