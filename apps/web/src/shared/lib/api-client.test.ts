import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUrl } from './api-client';
import { MIN_DISPLAY_MS, resetFetchState, useFetchState } from './fetch-state';
import * as popups from './popups';

vi.mock('./popups', () => ({ showError: vi.fn(async () => {}), showSuccess: vi.fn(async () => {}) }));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  beforeEach(() => {
    resetFetchState();
    vi.mocked(popups.showError).mockClear();
    vi.mocked(popups.showSuccess).mockClear();
  });
  afterEach(() => {
    vi.mocked(globalThis.fetch).mockRestore?.();
    vi.useRealTimers();
  });

  it('sends Accept JSON, same-origin credentials and a JSON body', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { data: 1 }));
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ data: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"a":1}');
  });

  it('uses every method and builds query strings', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(204, undefined));
    await api.get('/api/a', { query: { q: 'aa pl', n: 2, skip: undefined } });
    await api.put('/api/a', {});
    await api.patch('/api/a', {});
    await api.delete('/api/a');
    expect(fetchMock.mock.calls.map((c) => [c[0], c[1]?.method])).toEqual([
      ['/api/a?q=aa+pl&n=2', 'GET'],
      ['/api/a', 'PUT'],
      ['/api/a', 'PATCH'],
      ['/api/a', 'DELETE'],
    ]);
    expect(apiUrl('x')).toBe('/x');
  });

  it('shows error.message as the error popup and throws an ApiError', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { error: { code: 'conflict', message: 'That email is taken' } }),
    );
    const err = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: 'That email is taken' });
    expect(popups.showError).toHaveBeenCalledWith('That email is taken');
    expect(useFetchState.getState().error).toBe('That email is taken');
  });

  it('shows a message of a success answer as the success popup', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { message: 'Saved' }));
    await api.put('/api/x', {});
    expect(popups.showSuccess).toHaveBeenCalledWith('Saved');
  });

  it('keeps background and quiet requests free of popups', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(500, { error: { code: 'x', message: 'boom' } }),
    );
    await expect(api.get('/api/a', { background: true })).rejects.toThrow('boom');
    await expect(api.get('/api/a', { quiet: true })).rejects.toThrow('boom');
    expect(popups.showError).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('shows the overlay before the request and hides it after, at least 200 ms later', async () => {
    vi.useFakeTimers();
    let resolve!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise((r) => (resolve = r)));
    const done = api.get('/api/a');
    expect(useFetchState.getState()).toMatchObject({ pending: 1, visible: true });
    resolve(jsonResponse(200, {}));
    await done;
    expect(useFetchState.getState().pending).toBe(0);
    expect(useFetchState.getState().visible).toBe(true);
    vi.advanceTimersByTime(MIN_DISPLAY_MS - 1);
    expect(useFetchState.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useFetchState.getState().visible).toBe(false);
  });

  it('hides the overlay when a request fails', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(500, {}));
    await expect(api.get('/api/a')).rejects.toThrow('Request failed with status 500');
    vi.advanceTimersByTime(MIN_DISPLAY_MS);
    expect(useFetchState.getState()).toMatchObject({ pending: 0, visible: false });
  });
});
