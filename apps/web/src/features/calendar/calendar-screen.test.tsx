import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { itBehavesLikeAPremiumTool } from '../../testing/premium-checks';
import { futureInstrument, instrument } from '../../testing/factories';
import { useAppStore } from '../../shared/shell';
import type { CalendarResponse } from '@solstice/contracts';
import { CalendarScreen } from './calendar-screen';
import { heatColor } from './calendar-result';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const summary = (month: number, mean: number) => ({
  month,
  count: 2,
  mean,
  median: mean,
  winRate: mean > 0 ? 1 : 0,
  min: mean,
  max: mean,
  stdDev: 0,
});
const calendar: CalendarResponse = {
  symbol: 'AAPL',
  months: [
    { year: 2022, month: 1, return: -0.05, partial: false },
    { year: 2022, month: 2, return: 0.02, partial: false },
    // the latest bar is in January 2023: the month and the year are "to date"
    { year: 2023, month: 1, return: 0.04, partial: true },
  ],
  years: [
    { year: 2022, return: -0.1, partial: false },
    { year: 2023, return: 0.3, partial: true },
  ],
  summary: Array.from({ length: 12 }, (_, i) => summary(i + 1, i === 0 ? -0.005 : 0.01)),
};

describe('calendar screen', () => {
  itBehavesLikeAPremiumTool({
    ui: <CalendarScreen />,
    request: { path: '/api/v1/seasonality/calendar', url: '/seasonality/calendar?symbol=AAPL', message: 'boom' },
    empty: { symbol: 'AAPL', months: [], years: [], summary: [] },
    gate: { url: '/seasonality/calendar', submit: 'Show calendar', title: 'Seasonal calendar' },
  });

  it('draws the year × month heat table and the monthly statistics', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendar }, instrument('AAPL')]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?symbol=AAPL&from=2022' });
    const grid = await screen.findByTestId('calendar-grid');
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells2023 = within(rows[1]!).getAllByRole('cell');
    expect(cells2023[0]).toHaveTextContent('2023');
    expect(cells2023[2]).toHaveTextContent('—');
    expect(cells2023[13]!.textContent).toMatch(/30\.0/);
    const cells2022 = within(rows[2]!).getAllByRole('cell');
    expect(cells2022[1]!.style.backgroundColor).toBe(heatColor(-0.05));
    expect(within(screen.getByTestId('calendar-summary')).getAllByRole('row')).toHaveLength(13);
  });

  // Issue #21, defect 5: the unfinished month was counted as a month like the others.
  it('marks the month and the year of the latest bar "to date", uncoloured, and says the statistics leave them out', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendar }, instrument('AAPL')]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?symbol=AAPL&from=2022' });
    const rows = within(await screen.findByTestId('calendar-grid')).getAllByRole('row');
    const cells2023 = within(rows[1]!).getAllByRole('cell');
    expect(cells2023[1]).toHaveTextContent(/4\.0.*to date/);
    expect(cells2023[1]!.style.backgroundColor).toBe('');
    expect(cells2023[13]).toHaveTextContent('to date');
    expect(within(rows[2]!).getAllByRole('cell')[1]).not.toHaveTextContent('to date');
    expect(screen.getByTestId('calendar-complete-note')).toHaveTextContent('Complete months only');
  });

  it('remembers the form (year set included) and puts it in the URL and the query', async () => {
    const { requests } = mockFetch([
      premium,
      { path: '/api/v1/seasonality/calendar', body: { ...calendar, symbol: 'XOM' } },
      instrument('XOM'),
    ]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar' });
    const symbol = screen.getByLabelText('Symbol');
    await userEvent.clear(symbol);
    await userEvent.type(symbol, 'xom');
    await userEvent.type(screen.getByLabelText('From year'), '2010');
    await userEvent.click(screen.getByLabelText('Pre-election year'));
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), 'odd');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2008 {Enter}');
    const query = 'symbol=XOM&from=2010&cycle=pre-election&parity=odd&exclude=2008';
    await waitFor(() => expect(currentLocation()).toBe(`/seasonality/calendar?${query}`));
    expect(useAppStore.getState().calendarForm).toEqual({
      symbol: 'XOM',
      from: '2010',
      to: '',
      cycle: 'pre-election',
      parity: 'odd',
      exclude: '2008',
      rollAdjust: '',
    });
    expect(await screen.findByTestId('calendar-grid')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/v1/seasonality/calendar')!.url.search).toBe(`?${query}`);
  });

  it('sends a future’s roll adjustment from the URL', async () => {
    const { requests } = mockFetch([
      premium,
      { path: '/api/v1/seasonality/calendar', body: { ...calendar, symbol: 'CL=F' } },
      futureInstrument('CL=F'),
    ]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?symbol=CL%3DF&rollAdjust=ratio' });
    expect(await screen.findByLabelText('Roll adjustment')).toHaveValue('ratio');
    await screen.findByTestId('calendar-grid');
    const sent = requests.find((r) => r.url.pathname === '/api/v1/seasonality/calendar')!.url.searchParams;
    expect(sent.get('rollAdjust')).toBe('ratio');
  });

  it('offers no roll adjustment for a stock', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendar }, instrument('AAPL')]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?symbol=AAPL' });
    const header = await screen.findByTestId('instrument-header');
    await waitFor(() => expect(header).toHaveTextContent('AAPL Inc'));
    expect(screen.queryByLabelText('Roll adjustment')).not.toBeInTheDocument();
  });
});

describe('calendar screen in Turkish', () => {
  inTurkish();

  it('names the tables and the months in Turkish, numbers in tr-TR', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendar }, instrument('AAPL')]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?symbol=AAPL&from=2022' });
    const grid = await screen.findByTestId('calendar-grid');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Takvim');
    expect(screen.getByRole('heading', { name: 'Aylık getiriler' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yıllar boyunca her ay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Takvimi göster' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /Oca/ })).toBeInTheDocument();
    const cells2023 = within(within(grid).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells2023[1]).toHaveTextContent('%4,0bugüne kadar');
    expect(cells2023[13]).toHaveTextContent('+%30,0 (bugüne kadar)');
    expect(screen.getByTestId('calendar-complete-note')).toHaveTextContent('Yalnızca tamamlanmış aylar');
  });
});
