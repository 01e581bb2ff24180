// Checks shared by the lists that show the best of many windows tested (best trades, the
// seasonality scanner): the count tested, each row's q-value and the "could be chance" mark.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The list says how many windows were tested, has a q-value column, shows the first row's
 * q-value (`plain`) with no mark, and marks the second row "could be chance", its reason
 * naming the q-value (`chance`) above 0.10.
 */
export function expectBestOfManyChecks(table: HTMLElement, { tested, plain, chance }: Record<string, string>): void {
  const rows = within(table).getAllByRole('row');
  expect(screen.getByTestId('tested-note')).toHaveTextContent(`Best of ${tested} windows tested`);
  expect(within(table).getByRole('columnheader', { name: /q-value/ })).toBeInTheDocument();
  expect(rows[1]).toHaveTextContent(plain!);
  expect(within(rows[1]!).queryByTestId('could-be-chance')).not.toBeInTheDocument();
  const mark = within(rows[2]!).getByTestId('could-be-chance');
  expect(mark).toHaveTextContent('Could be chance');
  expect(mark).toHaveAttribute('title', expect.stringContaining(`q-value ${chance} is above 0.10`));
}
