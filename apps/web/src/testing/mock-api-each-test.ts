import { afterEach, beforeEach } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { resetAppStore } from '../shared/store/app-store';
import { loadSwal } from '../shared/lib/popups';

/**
 * For a file of dialog tests: each test starts with a fresh store; after it, the API it mocked
 * with the returned function is restored and the popups are closed.
 */
export function mockApiEachTest(): typeof mockApi {
  let api: ReturnType<typeof mockApi> | undefined;
  beforeEach(() => resetAppStore());
  afterEach(async () => {
    api?.restore();
    api = undefined;
    (await loadSwal()).close();
  });
  return (...args) => (api = mockApi(...args));
}
