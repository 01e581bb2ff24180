import { describe, expect, it, vi } from 'vitest';
import { createBrowserRouter, redirect } from 'react-router';

describe('redirect to a non-local path', () => {
  it('is a full browser redirect', async () => {
    const assign = vi.fn();
    const loc = window.location;
    // the real location's parts, read when asked; navigating away calls `assign`
    const fakeLocation = { assign, replace: assign, toString: () => loc.href };
    for (const key of ['href', 'origin', 'pathname', 'search', 'hash', 'protocol', 'host'] as const)
      Object.defineProperty(fakeLocation, key, { get: () => loc[key] });
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
