import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminGet, adminSend } from './admin-api';

describe('the admin calls', () => {
  afterEach(() => {
    vi.mocked(globalThis.fetch).mockRestore?.();
  });

  it('call endpoints by name: reads with their query, a POST without a body sends {}', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    await adminGet('adminUsers', { query: { q: 'ann', limit: 200 } });
    await adminSend('adminJobsRun');
    await adminSend('adminUserRoles', { params: { id: 5 }, body: { roles: ['member'] } });
    await adminSend('adminPriceRetire', { params: { id: 4 } });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body ?? null])).toEqual([
      ['/api/v1/admin/users?q=ann&limit=200', 'GET', null],
      ['/api/v1/admin/jobs/run', 'POST', '{}'],
      ['/api/v1/admin/users/5/roles', 'PUT', '{"roles":["member"]}'],
      ['/api/v1/admin/prices/4', 'DELETE', null],
    ]);
  });
});
