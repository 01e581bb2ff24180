import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, createStats, createYear, instrument } from '../../testing/factories';
import { PatternScreen } from './pattern-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// analytics.md, "Conditional seasonality", on the pattern screen: the Condition field, the
// kept/removed summary beside all years, and the removed years greyed out, not hidden.

const URL = '/seasonality/pattern?symbol=AAPL&start=03-01&end=03-20&condition=close+%3E+sma200';
const y2019 = createYear(2019, 0.05);
const y2020 = createYear(2020, -0.1);
const y2021 = createYear(2021, 0.02);
// All years: 2 of 3 up, mean −1 %; kept (2019, 2021): 2 of 2 up, mean +3.5 %.
const all = createPattern({
  years: [y2019, y2020, y2021],
  stats: createStats({ count: 3, winners: 2, winRate: 2 / 3, mean: -0.01 }),
});
const kept = createPattern({
  years: [y2019, y2021],
  stats: createStats({ count: 2, winners: 2, winRate: 1, mean: 0.035, conditionRemoved: 1 }),
  condition: { expression: 'close > sma200', removed: 1, removedYears: [2020] },
});
const routes = [
  premium,
  {
    path: '/api/v1/seasonality/pattern',
    respond: ({ url }: { url: URL }) => ({ body: url.searchParams.get('condition') ? kept : all }),
  },
  instrument('AAPL'),
];

/** The pattern screen at URL, its requests answered by the routes above. */
function openPattern() {
  mockFetch(routes);
  renderScreen(<PatternScreen />, { url: URL });
}

/**
 * The pattern screen with the condition in its field (labelled `label`) and its summary saying
 * `kept` of the years kept and, once compared with all years, `compare`.
 */
async function openConditionSummary(label: string, says: { kept: string; compare: string }): Promise<HTMLElement> {
  openPattern();
  expect(screen.getByLabelText(label)).toHaveValue('close > sma200');
  const summary = await screen.findByTestId('condition-summary');
  expect(summary).toHaveTextContent(says.kept);
  expect(await within(summary).findByTestId('condition-compare')).toHaveTextContent(says.compare);
  return summary;
}

describe('pattern screen: a condition', () => {
  it('says how many years it kept, compares them with all years, and greys the removed year out', async () => {
    const summary = await openConditionSummary('Condition', {
      kept: '2 of 3 years kept (1 removed by close > sma200)',
      compare: 'Kept years: win rate 100%, mean +3.50%. All years: win rate 67%, mean -1.00%.',
    });
    expect(summary).toHaveTextContent('The condition raises the win rate.');
    const table = await screen.findByTestId('pattern-table');
    const rows = within(table).getAllByRole('row');
    // newest first: 2021 kept, 2020 removed (greyed), 2019 kept
    await vi.waitFor(() => expect(rows.length).toBe(4));
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('2020');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('removed');
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[0]).toHaveClass('opacity-50');
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]).not.toHaveClass('opacity-50');
  });

  it('shows the API’s message at its position under the field', async () => {
    mockFetch([
      premium,
      {
        path: '/api/v1/seasonality/pattern',
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid query.condition: Unknown field "smaa200" at position 9 (did you mean "sma200"?)',
            details: {
              issues: [{ path: 'query.condition', message: 'Unknown field "smaa200" at position 9' }],
              path: 'query.condition',
              position: 9,
              problem: { code: 'unknown_field', params: { field: 'smaa200', suggestion: 'sma200' } },
            },
          },
        },
      },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, {
      url: '/seasonality/pattern?symbol=AAPL&start=03-01&end=03-20&condition=close+%3E+smaa200',
    });
    const message = await screen.findByText(/smaa200/, { selector: '#pattern-condition-error' });
    expect(message).toHaveTextContent(/9/);
  });

  describe('in Turkish', () => {
    inTurkish();
    it('words the summary in Turkish', async () => {
      await openConditionSummary('Koşul', {
        kept: '3 yılın 2 tanesi tutuldu (close > sma200 ile 1 yıl çıkarıldı)',
        compare: 'Tutulan yıllar: kazanma oranı',
      });
    });
  });
});
