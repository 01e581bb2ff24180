import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { inTurkish } from '../../testing/in-turkish';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { ApiError } from '../lib/api-client';
import { ConditionField, conditionProblem } from './condition-field';

// The seasonal tools' Condition in the scanner's expression editor: completion without what a
// condition refuses (rank(), the seasonal fields), and the API's mistake underlined at its
// position with the message in the reader's language.

const fields = scannerFieldsRoute(
  { close: true, sma200: true, 'season20.winRate': true },
  { sector: ['Technology'] },
  {
    aliases: { price: 'close', s20: 'season20.winRate' },
    functions: [
      { name: 'sma', args: ['src', 'n'], summary: 'Simple moving average' },
      { name: 'rank', args: ['x', 'group'], summary: 'Rank in a group' },
      { name: 'rsi', args: ['src', 'n'], summary: 'Relative strength index' },
    ],
  },
);

/** The API's 400 for `close > smaa200`: unknown field at position 9, did you mean sma200. */
const unknownField = new ApiError(
  400,
  'validation_failed',
  'Invalid query.condition: Unknown field "smaa200" at position 9',
  {
    issues: [{ path: 'query.condition', message: 'Unknown field "smaa200" at position 9' }],
    path: 'query.condition',
    position: 9,
    problem: { code: 'unknown_field', params: { field: 'smaa200', suggestion: 'sma200' } },
  } as never,
);

function Harness({ initial = '', error, onSubmit }: { initial?: string; error?: unknown; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <ConditionField
        id="c"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        problem={conditionProblem(error)}
        checked={initial}
      />
    </form>
  );
}

const names = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option')
    .map((o) => o.firstChild!.textContent);

describe('the Condition field', () => {
  it('completes fields and functions, but neither rank() nor a season<L> field', async () => {
    const { requests } = mockFetch([fields]);
    renderScreen(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Condition' });
    // nothing asked until the field is used
    expect(requests).toHaveLength(0);
    await userEvent.type(box, 's');
    await screen.findByRole('option', { name: /sma200/ });
    expect(names()).toEqual(['sma', 'sma200', 'sector']);
    await userEvent.clear(box);
    await userEvent.type(box, 'ra');
    expect(names()).toEqual([]);
    await userEvent.clear(box);
    await userEvent.type(box, 'price > sm');
    expect(names()).toEqual(['sma', 'sma200']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('price > sma200');
  });

  it('submits its form on Enter when no completion is open (a textarea would not)', async () => {
    mockFetch([fields]);
    const submitted = vi.fn();
    renderScreen(<Harness initial="close > 1" onSubmit={submitted} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Condition' }), '{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('close > 1');
  });

  it('underlines the API’s mistake at its position, with the message under the field', () => {
    mockFetch([fields]);
    renderScreen(<Harness initial="close > smaa200" error={unknownField} />);
    const mark = screen.getByTestId('scan-problem-mark');
    expect(mark).toHaveTextContent('smaa200');
    expect([mark.dataset.start, mark.dataset.end]).toEqual(['8', '15']);
    expect(document.getElementById('c-error')).toHaveTextContent(
      'Unknown field “smaa200” (at column 9) Did you mean “sma200”?',
    );
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks nothing once the text differs from what the API checked', async () => {
    mockFetch([fields]);
    renderScreen(<Harness initial="close > smaa200" error={unknownField} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Condition' }), ' ');
    await userEvent.type(screen.getByRole('combobox', { name: 'Condition' }), 'x');
    expect(screen.queryByTestId('scan-problem-mark')).toBeNull();
  });

  describe('in Turkish', () => {
    inTurkish();
    it('words the mistake in Turkish and underlines it', () => {
      mockFetch([fields]);
      renderScreen(<Harness initial="close > smaa200" error={unknownField} />);
      expect(screen.getByRole('combobox', { name: 'Koşul' })).toHaveValue('close > smaa200');
      expect(screen.getByTestId('scan-problem-mark')).toHaveTextContent('smaa200');
      expect(document.getElementById('c-error')).toHaveTextContent(
        'Bilinmeyen alan “smaa200” (9. sütunda) “sma200” mı demek istediniz?',
      );
    });
  });
});
