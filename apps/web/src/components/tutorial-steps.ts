export interface TutorialStep {
  title: string;
  body: string;
  /**
   * The real control the step explains, as CSS selectors in order of preference: the first
   * one on screen is pointed at. None (or none visible, e.g. the side menu on a phone) → the
   * step shows in the middle of the screen.
   */
  targets: readonly string[];
}

const navLink = (path: string) => [
  `[data-testid="sidebar"] a[href="${path}"]`,
  `[data-testid="horizontal-nav"] a[href="${path}"]`,
];

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'Welcome to Solstice',
    body: 'Seasonality tools, a stock scanner, the market view and heatmaps, all as of the latest daily bar. This short tour shows where things are.',
    targets: [],
  },
  {
    title: 'Find any symbol',
    body: 'Type a symbol or a company name here, or press / anywhere. Use the arrow keys and Enter to open a symbol.',
    targets: ['[data-testid="topbar"] [role="combobox"]'],
  },
  {
    title: 'Your watchlists',
    body: 'Your watchlists live on the dashboard. Add symbols from any screen; signed in, your lists follow you to every browser.',
    targets: ['[data-testid="watchlist-panel"]', ...navLink('/dashboard')],
  },
  {
    title: 'The tools',
    body: 'The stock scanner and the five seasonality tools (seasonal chart, pattern, calendar, best trades, seasonality scanner) are in this menu.',
    targets: [...navLink('/seasonality'), ...navLink('/scanner')],
  },
  {
    title: 'Help',
    body: 'Replay this tour at any time from the help menu.',
    targets: ['#help-menu'],
  },
];

/**
 * The first target of a step that is shown: it has a size and lies across the width of the
 * page (an off-canvas menu slid out to the side does not). It may be scrolled out of view:
 * the tour scrolls it in.
 */
export function findTarget(step: TutorialStep, doc: Document = document): HTMLElement | null {
  const width = doc.defaultView?.innerWidth ?? 0;
  for (const selector of step.targets) {
    const el = doc.querySelector<HTMLElement>(selector);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.right > 0 && r.left < width) return el;
  }
  return null;
}

export interface Placement {
  /** The highlighted box around the control (viewport pixels). */
  spot: { top: number; left: number; width: number; height: number };
  /** Where the step's card goes: below the control when it fits, otherwise above. */
  card: { top: number; left: number };
  side: 'below' | 'above';
}

const PAD = 6;
const GAP = 12;

/** Places the card beside the control, kept inside the viewport. */
export function placeCard(
  target: DOMRect,
  card: { width: number; height: number },
  view: { width: number; height: number },
): Placement {
  const spot = {
    top: target.top - PAD,
    left: target.left - PAD,
    width: target.width + 2 * PAD,
    height: target.height + 2 * PAD,
  };
  const below = spot.top + spot.height + GAP;
  const side = below + card.height <= view.height || spot.top - GAP - card.height < 0 ? 'below' : 'above';
  const top = side === 'below' ? below : spot.top - GAP - card.height;
  const left = Math.min(Math.max(GAP, target.left), Math.max(GAP, view.width - card.width - GAP));
  // A control taller than the room around it: the card stays on screen, over its lower part.
  const maxTop = Math.max(GAP, view.height - card.height - GAP);
  return { spot, card: { top: Math.min(Math.max(GAP, top), maxTop), left }, side };
}
