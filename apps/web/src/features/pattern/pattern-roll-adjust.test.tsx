import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, futureInstrument, instrument } from '../../testing/factories';
import { PatternScreen } from './pattern-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const future = futureInstrument('GC=F');
const patternRoute = { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'GC=F' }) };
const patternRequests = (requests: { url: URL }[]) =>
  requests.filter((r) => r.url.pathname === '/api/v1/seasonality/pattern');

describe('pattern screen, roll adjustment', () => {
  it('offers it for a future, keeps it in the URL and sends it once it adjusts', async () => {
    const { requests } = mockFetch([premium, patternRoute, future]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=GC%3DF&start=11-01&end=12-31' });
    const select = await screen.findByLabelText('Roll adjustment');
    expect(select).toHaveValue('');
    expect(screen.getByText('Removes the jumps at suspected contract rolls before computing')).toBeInTheDocument();
    // none is the API's default: never sent
    expect(patternRequests(requests).every((r) => !r.url.searchParams.has('rollAdjust'))).toBe(true);

    await userEvent.selectOptions(select, 'Ratio');
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    await waitFor(() => expect(currentLocation()).toContain('rollAdjust=ratio'));
    await waitFor(() =>
      expect(patternRequests(requests).some((r) => r.url.searchParams.get('rollAdjust') === 'ratio')).toBe(true),
    );

    await userEvent.selectOptions(screen.getByLabelText('Roll adjustment'), 'None');
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    await waitFor(() => expect(currentLocation()).not.toContain('rollAdjust'));
  });

  it('takes a link’s difference adjustment into the query', async () => {
    const { requests } = mockFetch([premium, patternRoute, future]);
    renderScreen(<PatternScreen />, {
      url: '/seasonality/pattern?symbol=GC%3DF&start=11-01&end=12-31&rollAdjust=difference',
    });
    expect(await screen.findByLabelText('Roll adjustment')).toHaveValue('difference');
    await waitFor(() => expect(patternRequests(requests)[0]!.url.searchParams.get('rollAdjust')).toBe('difference'));
    // the links to the other tools carry it
    expect(await screen.findByRole('link', { name: 'Seasonal chart' })).toHaveAttribute(
      'href',
      expect.stringContaining('rollAdjust=difference'),
    );
  });

  it('leaves out a link’s none', async () => {
    const { requests } = mockFetch([premium, patternRoute, future]);
    renderScreen(<PatternScreen />, {
      url: '/seasonality/pattern?symbol=GC%3DF&start=11-01&end=12-31&rollAdjust=none',
    });
    expect(await screen.findByLabelText('Roll adjustment')).toHaveValue('');
    await waitFor(() => expect(patternRequests(requests)).not.toHaveLength(0));
    expect(patternRequests(requests)[0]!.url.searchParams.has('rollAdjust')).toBe(false);
  });

  it('is not offered for a stock', async () => {
    const { requests } = mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern() },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=AAPL&start=11-01&end=12-31' });
    const header = await screen.findByTestId('instrument-header');
    await waitFor(() => expect(header).toHaveTextContent('AAPL Inc'));
    expect(screen.queryByLabelText('Roll adjustment')).not.toBeInTheDocument();
    expect(patternRequests(requests)[0]!.url.searchParams.has('rollAdjust')).toBe(false);
  });
});

describe('pattern screen, roll adjustment in Turkish', () => {
  inTurkish();

  it('names the choice and its modes in Turkish', async () => {
    mockFetch([premium, patternRoute, future]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=GC%3DF&start=11-01&end=12-31' });
    const select = await screen.findByLabelText('Kontrat geçişi düzeltmesi');
    expect(screen.getByRole('option', { name: 'Yok' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Oran' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Fark' })).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('Hesaplamadan önce olası kontrat geçişlerindeki sıçramaları giderir');
  });
});
