import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { mockFetch, renderScreen, serverError } from './test-utils';

/**
 * A screen whose one request (`path`) fails shows the server's message in the error state;
 * answered with `empty`, it shows the empty state.
 */
export async function expectErrorAndEmptyStates(
  ui: ReactElement,
  { url, path, message, empty }: { url: string; path: string; message: string; empty: unknown },
): Promise<void> {
  mockFetch([{ path, ...serverError(message) }]);
  const failed = renderScreen(ui, { url });
  expect(await screen.findByTestId('error-state')).toHaveTextContent(message);
  failed.unmount();
  mockFetch([{ path, body: empty }]);
  renderScreen(ui, { url });
  expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
}
