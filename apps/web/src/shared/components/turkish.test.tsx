import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { switchLanguage } from '../i18n/i18n';
import { resetAppStore, useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { AddToWatchlistModal } from '../../features/watchlists/add-to-watchlist-modal';
import { keyStats } from './symbol-details';
import { TUTORIAL_STEPS } from './tutorial-steps';
import { WatchlistPanel } from '../../features/dashboard/watchlist-panel';

beforeEach(async () => {
  resetAppStore();
  useAppStore.getState().setTutorialSeen(true);
  useAppStore.getState().setDisplay({ locale: 'tr-TR' });
  await switchLanguage('tr');
});
afterEach(async () => {
  useUiStore.setState({ addToWatchlist: null });
  await switchLanguage('en');
});

describe('the shared parts in Turkish', () => {
  it('shows the watchlists with Turkish labels', () => {
    render(
      <MemoryRouter>
        <WatchlistPanel />
      </MemoryRouter>,
    );
    const panel = screen.getByTestId('watchlist-panel');
    expect(panel).toHaveAccessibleName('İzleme listeleri');
    expect(screen.getByRole('button', { name: 'Listeyi sil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oluştur' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Yeni liste')).toBeInTheDocument();
  });

  it('asks for a name in Turkish before adding to a new watchlist', async () => {
    const user = userEvent.setup();
    useAppStore.setState({ watchlists: [] });
    useUiStore.setState({ addToWatchlist: { sym: 'AAPL', description: 'Apple' } });
    render(<AddToWatchlistModal />);
    expect(await screen.findByText('AAPL sembolünü bir izleme listesine ekle')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ekle' }));
    expect(screen.getByRole('alert')).toHaveTextContent('İzleme listesine bir ad verin.');
  });

  it('reads the key statistics with Turkish names and tr-TR numbers, and the tour in Turkish', () => {
    expect(keyStats({ data: { close: 1189.5, volume: 1200000 } }, 'tr-TR')).toEqual([
      { label: 'Son kapanış', value: '1.189,5' },
      { label: 'Hacim', value: '1.200.000' },
    ]);
    expect(TUTORIAL_STEPS[0]!.title).toBe('Solstice’e hoş geldiniz');
  });
});
