import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Tutorial, TUTORIAL_STEPS } from './tutorial';
import { findTarget, placeCard } from './tutorial-steps';
import { HelpMenu } from '../../app/layout/help-menu';
import { applySession } from '../auth/session';
import { resetAppStore, useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { mockApi, session } from '../../../test/mock-api';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => {
  resetAppStore();
  useUiStore.setState({ tutorialOpen: false });
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

/** A control where the page lays it out: jsdom lays out nothing, so its box is given. */
function placed(el: HTMLElement, box: { top: number; left: number; width: number; height: number }) {
  el.getBoundingClientRect = () =>
    ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top }) as DOMRect;
}

function FakeShell() {
  return (
    <>
      <header data-testid="topbar">
        <input role="combobox" aria-label="Search symbols" aria-expanded="false" aria-controls="x" />
        <HelpMenu />
      </header>
      <nav data-testid="sidebar">
        <a href="/dashboard">Dashboard</a>
        <a href="/seasonality">Seasonality</a>
      </nav>
      <Tutorial />
    </>
  );
}

/** A signed-in user who has not seen the tour, in the fake shell; saving the preference answers 200. */
function renderFirstVisit() {
  api = mockApi({ 'PATCH /api/me/preferences': () => ({ status: 200, body: session({ tutorialSeen: true }) }) });
  useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <FakeShell />
    </MemoryRouter>,
  );
  return user;
}

describe('the first-run tour', () => {
  it('points each step at the control it explains, and is remembered in the account when done', async () => {
    const user = renderFirstVisit();
    placed(screen.getByRole('combobox'), { top: 10, left: 300, width: 240, height: 30 });
    placed(screen.getByRole('link', { name: 'Dashboard' }), { top: 80, left: 10, width: 200, height: 32 });
    placed(screen.getByRole('link', { name: 'Seasonality' }), { top: 120, left: 10, width: 200, height: 32 });
    placed(screen.getByRole('button', { name: 'Help' }), { top: 10, left: 900, width: 50, height: 30 });

    // The welcome step has no control: it is a dialog in the middle.
    expect(await screen.findByText(TUTORIAL_STEPS[0]!.title)).toBeInTheDocument();
    expect(screen.queryByTestId('tutorial-spot')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const expected = [
      { title: 'Find any symbol', target: 'Search symbols', spot: { top: 4, left: 294 } },
      { title: 'Your watchlists', target: 'Dashboard', spot: { top: 74, left: 4 } },
      { title: 'The tools', target: 'Seasonality', spot: { top: 114, left: 4 } },
      { title: 'Help', target: 'Help', spot: { top: 4, left: 894 } },
    ];
    for (const step of expected) {
      const card = await screen.findByRole('dialog', { name: step.title });
      expect(card).toHaveAttribute('data-tour-target', step.target);
      const spot = screen.getByTestId('tutorial-spot');
      expect([spot.style.top, spot.style.left]).toEqual([`${step.spot.top}px`, `${step.spot.left}px`]);
      // The step's own button has the focus, so the keyboard walks the tour.
      await waitFor(() => expect(within(card).getAllByRole('button').at(-1)).toHaveFocus());
      if (step.title !== 'Help') await user.click(within(card).getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(useAppStore.getState().tutorialSeen).toBe(true);
    await waitFor(() =>
      expect(api?.calls).toEqual([{ method: 'PATCH', path: '/api/me/preferences', body: { tutorialSeen: true } }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is replayed from the help menu, from its first step, and Escape ends it', async () => {
    useAppStore.getState().setTutorialSeen(true);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FakeShell />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('button', { name: 'Welcome tour' }));
    expect(await screen.findByText(TUTORIAL_STEPS[0]!.title)).toBeInTheDocument();
    expect(screen.getByText(`1 / ${TUTORIAL_STEPS.length}`)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens by itself on a first visit without the fade (in the first paint); a replay fades in', async () => {
    const user = renderFirstVisit();
    const first = await screen.findByRole('dialog', { name: TUTORIAL_STEPS[0]!.title });
    expect(first).not.toHaveClass('fade');
    expect(first).toHaveClass('show');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(useAppStore.getState().tutorialSeen).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('button', { name: 'Welcome tour' }));
    const replay = await screen.findByRole('dialog', { name: TUTORIAL_STEPS[0]!.title });
    expect(replay).toHaveClass('fade');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not show again on a new device when the account has done it', () => {
    // A browser with empty storage: the store starts with the tour not seen.
    expect(useAppStore.getState().tutorialSeen).toBe(false);
    applySession(session({ tutorialSeen: true }));
    expect(useAppStore.getState().tutorialSeen).toBe(true);
  });

  it('shows a new account the tour, and tells the account of a tour its user finished here before', async () => {
    applySession(session({ tutorialSeen: false }));
    expect(useAppStore.getState().tutorialSeen).toBe(false);
    api = mockApi({ 'PATCH /api/me/preferences': () => ({ status: 200, body: session({ tutorialSeen: true }) }) });
    useAppStore.getState().setTutorialSeen(true);
    applySession(session({ tutorialSeen: false }));
    await waitFor(() => expect(api?.calls.map((c) => c.body)).toEqual([{ tutorialSeen: true }]));
  });
});

describe('a step whose control comes later', () => {
  it('shows in the middle, then points at the control once the page brings it', async () => {
    const user = userEvent.setup();
    let showPanel: () => void = () => {};
    function LatePage() {
      const [shown, setShown] = useState(false);
      showPanel = () => setShown(true);
      return shown ? (
        <div
          data-testid="watchlist-panel"
          ref={(el) => {
            if (el) placed(el, { top: 200, left: 300, width: 500, height: 300 });
          }}
        />
      ) : null;
    }
    render(
      <MemoryRouter>
        <LatePage />
        <Tutorial />
      </MemoryRouter>,
    );
    await screen.findByText(TUTORIAL_STEPS[0]!.title);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Your watchlists' })).toBeInTheDocument();
    expect(screen.queryByTestId('tutorial-spot')).toBeNull();
    act(() => showPanel());
    const spot = await screen.findByTestId('tutorial-spot', {}, { timeout: 3000 });
    expect([spot.style.top, spot.style.left]).toEqual(['194px', '294px']);
  });
});

describe('finding a step’s control', () => {
  it('takes one scrolled out of view (the tour scrolls to it) but not one slid off to the side', () => {
    document.body.innerHTML = '<nav id="offcanvas"></nav><header id="scrolled"></header><div id="none"></div>';
    placed(document.getElementById('offcanvas')!, { top: 100, left: -260, width: 260, height: 40 });
    placed(document.getElementById('scrolled')!, { top: -300, left: 10, width: 100, height: 30 });
    const step = { title: 't', body: 'b', targets: ['#missing', '#none', '#offcanvas', '#scrolled'] };
    expect(findTarget(step)?.id).toBe('scrolled');
    expect(findTarget({ ...step, targets: ['#offcanvas', '#none'] })).toBeNull();
    document.body.innerHTML = '';
  });
});

describe('placing a step beside its control', () => {
  const view = { width: 1000, height: 700 };
  it('puts the card below the control, or above when it would not fit, and inside the screen', () => {
    const rect = (top: number, left: number) => ({ top, left, width: 100, height: 30 }) as DOMRect;
    expect(placeCard(rect(10, 50), { width: 320, height: 180 }, view)).toMatchObject({
      side: 'below',
      card: { top: 58, left: 50 },
      spot: { top: 4, left: 44, width: 112, height: 42 },
    });
    expect(placeCard(rect(600, 900), { width: 320, height: 180 }, view)).toMatchObject({
      side: 'above',
      card: { top: 402, left: 668 },
    });
    // Taller than the screen: the card stays inside it.
    const tall = { top: 60, left: 50, width: 500, height: 900 } as DOMRect;
    expect(placeCard(tall, { width: 320, height: 180 }, view).card).toEqual({ top: 508, left: 50 });
  });
});
