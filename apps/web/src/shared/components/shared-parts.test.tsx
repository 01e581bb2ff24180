import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SymbolSearch, toHits } from './symbol-search';
import { WatchlistPanel } from '../../features/dashboard/watchlist-panel';
import { AddToWatchlistModal } from '../../features/watchlists/add-to-watchlist-modal';
import { SymbolDetails, keyStats } from './symbol-details';
import { Tutorial, TUTORIAL_STEPS } from './tutorial';
import { PreferencesPanel } from './preferences-panel';
import { Footer } from '../../app/layout/footer';
import { resetAppStore, useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { mockApi } from '../../../test/mock-api';
import { loadSwal } from '../lib/popups';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => {
  resetAppStore();
  useAppStore.getState().setTutorialSeen(true);
  useUiStore.setState({ symbolDetails: null, addToWatchlist: null, tutorialOpen: false });
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

const INSTRUMENTS = [
  { symbol: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'AAL', name: 'American Airlines' },
  { symbol: 'KO', name: 'Coca-Cola Company (The)' },
];

/** The instruments API as the server answers it: `{ instruments }`, symbols or company names, `limit` honoured. */
const instruments = () =>
  mockApi({
    'GET /api/v1/instruments': ({ url }) => {
      const q = (url.searchParams.get('q') ?? '').toUpperCase();
      const words = q.split(/[^A-Z0-9]+/).filter(Boolean);
      const hits = INSTRUMENTS.filter(
        (i) =>
          i.symbol.startsWith(q) ||
          words.every((w) =>
            i.name
              .toUpperCase()
              .split(/[^A-Z0-9]+/)
              .some((n) => n.startsWith(w)),
          ),
      );
      return { status: 200, body: { instruments: hits.slice(0, Number(url.searchParams.get('limit') ?? 20)) } };
    },
  });

describe('symbol search', () => {
  it("reads the API's envelope ({ instruments }) and the older ones", () => {
    expect(toHits({ instruments: [{ symbol: 'KO', name: 'Coca-Cola' }] })).toEqual([
      { symbol: 'KO', name: 'Coca-Cola' },
    ]);
    expect(toHits({ data: [{ symbol: 'A', name: 'Agilent' }] })).toEqual([{ symbol: 'A', name: 'Agilent' }]);
    expect(toHits([{ sym: 'B', description: 'Bee' }, { nope: 1 }])).toEqual([{ symbol: 'B', name: 'Bee' }]);
    expect(toHits(null)).toEqual([]);
  });

  it("is focused by '/' (the global search), moves with the arrows and opens the symbol with Enter", async () => {
    api = instruments();
    const user = userEvent.setup();
    render(<SymbolSearch shortcut />);
    await user.keyboard('/');
    const box = screen.getByRole('combobox', { name: 'Search symbols' });
    expect(box).toHaveFocus();
    await user.keyboard('aa');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['AAPL Apple Inc.', 'AAL American Airlines']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(useUiStore.getState().symbolDetails).toBe('AAL');
    expect(api.calls[0]?.path).toBe('/api/v1/instruments?q=aa&limit=10');
  });

  it('finds a company by name ("coca cola")', async () => {
    api = instruments();
    const user = userEvent.setup();
    render(<SymbolSearch />);
    await user.type(screen.getByRole('combobox', { name: 'Search symbols' }), 'coca cola');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['KO Coca-Cola Company (The)']);
    await user.keyboard('{Enter}');
    expect(useUiStore.getState().symbolDetails).toBe('KO');
  });

  it('never takes the raw text: Enter on a name nobody has says so and opens nothing', async () => {
    api = instruments();
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<SymbolSearch onPick={(h) => picked.push(h.symbol)} />);
    // Enter at once, before the suggestions: the search runs and nothing matches
    await user.type(screen.getByRole('combobox', { name: 'Search symbols' }), 'MSFTX{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No symbol or company matches “MSFTX”.');
    expect(picked).toEqual([]);
    expect(useUiStore.getState().symbolDetails).toBeNull();
  });

  it("only the box that asks for it takes '/'", async () => {
    api = instruments();
    const user = userEvent.setup();
    render(
      <>
        <SymbolSearch shortcut />
        <SymbolSearch label="Add a symbol" onPick={() => undefined} />
      </>,
    );
    await user.keyboard('/');
    expect(screen.getByRole('combobox', { name: 'Search symbols' })).toHaveFocus();
  });
});

/** The watchlist panel inside a router (its symbols are links). */
function renderPanel() {
  render(
    <MemoryRouter>
      <WatchlistPanel />
    </MemoryRouter>,
  );
}

describe('watchlist panel', () => {
  it('shows the default list and removes, creates and deletes (after confirm)', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByTestId('watchlist-panel');
    expect(within(panel).getByRole('button', { name: 'AAPL' })).toBeInTheDocument();
    expect(within(panel).getByText('APPLE INC')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Create an alert on AAPL' })).toHaveAttribute(
      'href',
      '/alerts?new=condition&symbol=AAPL',
    );
    await user.click(within(panel).getByRole('button', { name: 'Remove AAPL' }));
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual([]);
    await user.type(within(panel).getByLabelText('New watchlist name'), 'abc\u202Etxt{Enter}');
    expect(within(panel).getByRole('status')).toHaveTextContent('must not contain invisible direction characters');
    expect(useAppStore.getState().watchlists.map((w) => w.name)).toEqual(['Default']);
    await user.clear(within(panel).getByLabelText('New watchlist name'));
    await user.type(within(panel).getByLabelText('New watchlist name'), 'Tech{Enter}');
    expect(useAppStore.getState().watchlists.map((w) => w.name)).toEqual(['Default', 'Tech']);
    expect(within(panel).getByLabelText('Watchlist')).toHaveDisplayValue('Tech (0)');
    await user.click(within(panel).getByRole('button', { name: 'Delete list' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(useAppStore.getState().watchlists.map((w) => w.name)).toEqual(['Default']));
    (await loadSwal()).close();
  });

  it('adds only a symbol the instruments hold, from the suggestions (MSFTX and "COCA COLA" never enter)', async () => {
    api = instruments();
    const user = userEvent.setup();
    renderPanel();
    const add = screen.getByRole('combobox', { name: 'Add a symbol to Default' });
    await user.type(add, 'MSFTX{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No symbol or company matches “MSFTX”.');
    await user.clear(add);
    await user.type(add, 'COCA COLA');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual([
      { sym: 'AAPL', description: 'APPLE INC' },
      { sym: 'KO', description: 'Coca-Cola Company (The)' },
    ]);
  });

  it("does not take the global '/' (it belongs to the top search)", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.keyboard('/');
    expect(screen.getByRole('combobox', { name: 'Add a symbol to Default' })).not.toHaveFocus();
  });

  it('opens symbol details from a symbol', async () => {
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'AAPL' }));
    expect(useUiStore.getState().symbolDetails).toBe('AAPL');
  });
});

describe('add-to-watchlist modal', () => {
  it('refuses a new list name with invisible direction characters, saying why', async () => {
    const user = userEvent.setup();
    render(<AddToWatchlistModal />);
    useUiStore.getState().openAddToWatchlist({ sym: 'AAPL', description: 'APPLE INC' });
    await user.selectOptions(await screen.findByLabelText('Watchlist'), 'New watchlist…');
    await user.type(screen.getByLabelText('New watchlist name'), 'abc\u202Etxt.exe');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A watchlist name must not contain invisible direction characters (such as U+202E).',
    );
    expect(useAppStore.getState().watchlists.map((w) => w.name)).toEqual(['Default']);
  });

  it('adds to a chosen list or a new one, and refuses duplicates', async () => {
    const user = userEvent.setup();
    render(<AddToWatchlistModal />);
    useUiStore.getState().openAddToWatchlist({ sym: 'AAPL', description: 'APPLE INC' });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('AAPL is already in Default.');
    await user.selectOptions(screen.getByLabelText('Watchlist'), 'New watchlist…');
    await user.type(screen.getByLabelText('New watchlist name'), 'Ideas');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(useAppStore.getState().watchlists[1]).toMatchObject({
      name: 'Ideas',
      symbols: [{ sym: 'AAPL', description: 'APPLE INC' }],
    });
    expect(useUiStore.getState().addToWatchlist).toBeNull();
  });
});

describe('symbol details', () => {
  it('picks the key statistics in order', () => {
    expect(keyStats({ data: { close: 189.5, name: 'Apple', sector: '', volume: 1200000 } })).toEqual([
      { label: 'Name', value: 'Apple' },
      { label: 'Last close', value: '189.5' },
      { label: 'Volume', value: '1,200,000' },
    ]);
  });

  it('shows the symbol, its statistics and hands over to add-to-watchlist', async () => {
    api = mockApi({
      'GET /api/v1/instruments/MSFT': () => ({
        status: 200,
        body: { data: { name: 'Microsoft', sector: 'Technology' } },
      }),
    });
    render(
      <MemoryRouter>
        <SymbolDetails />
      </MemoryRouter>,
    );
    useUiStore.getState().openSymbolDetails('msft');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('MSFT')).toBeInTheDocument();
    expect(await within(dialog).findByText('Technology')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Pattern' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=MSFT',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to watchlist' }));
    expect(useUiStore.getState().addToWatchlist).toEqual({ sym: 'MSFT', description: '' });
  });
});

describe('tutorial', () => {
  it('runs on first use, steps through, and can be replayed from the profile', async () => {
    const user = userEvent.setup();
    useAppStore.getState().setTutorialSeen(false);
    render(
      <MemoryRouter>
        <Tutorial />
        <PreferencesPanel />
      </MemoryRouter>,
    );
    expect(await screen.findByText(TUTORIAL_STEPS[0]!.title)).toBeInTheDocument();
    for (let i = 1; i < TUTORIAL_STEPS.length; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(useAppStore.getState().tutorialSeen).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Replay the tour' }));
    expect(await screen.findByText(TUTORIAL_STEPS[0]!.title)).toBeInTheDocument();
  });
});

describe('preferences panel', () => {
  it('switches layout variants and date display, and saves them to the account when signed in', async () => {
    api = mockApi({ 'PATCH /api/me/preferences': () => ({ status: 200, body: {} }) });
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    const user = userEvent.setup();
    render(<PreferencesPanel />);
    await user.click(screen.getByRole('switch', { name: 'Dark sidebar' }));
    expect(useAppStore.getState().layout.darkSidebar).toBe(true);
    await user.selectOptions(screen.getByLabelText('Time zone'), 'UTC');
    expect(useAppStore.getState().display.timeZone).toBe('UTC');
    await waitFor(() =>
      expect(api?.calls.map((c) => c.body)).toEqual([{ layout: { sidebarDark: true } }, { timeZone: 'UTC' }]),
    );
  });
});

describe('footer', () => {
  it('names the product', () => {
    render(<Footer />);
    expect(screen.getByTestId('footer')).toHaveTextContent('Solstice');
  });
});
