import { i18n } from '../i18n/i18n';

/** The tour's steps in order. */
export const TUTORIAL_STEP_IDS = ['welcome', 'search', 'watchlists', 'tools', 'help'] as const;
export type TutorialStepId = (typeof TUTORIAL_STEP_IDS)[number];

export interface TutorialStep {
  id: TutorialStepId;
  /** The step's title in the interface's language (read when shown: the language can change). */
  readonly title: string;
  readonly body: string;
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

/** A step whose title and body are the texts `shell:tutorial.steps.<id>`. */
function step(id: TutorialStepId, targets: readonly string[]): TutorialStep {
  return {
    id,
    get title() {
      return i18n.t(`shell:tutorial.steps.${id}.title`);
    },
    get body() {
      return i18n.t(`shell:tutorial.steps.${id}.body`);
    },
    targets,
  };
}

const TARGETS: Record<TutorialStepId, readonly string[]> = {
  welcome: [],
  search: ['[data-testid="topbar"] [role="combobox"]'],
  watchlists: ['[data-testid="watchlist-panel"]', ...navLink('/dashboard')],
  tools: [...navLink('/seasonality'), ...navLink('/scanner')],
  help: ['#help-menu'],
};

export const TUTORIAL_STEPS: readonly TutorialStep[] = TUTORIAL_STEP_IDS.map((id) => step(id, TARGETS[id]));

/**
 * The first target of a step that is shown: it has a size and lies across the width of the
 * page (an off-canvas menu slid out to the side does not). It may be scrolled out of view:
 * the tour scrolls it in.
 */
export function findTarget(step: Pick<TutorialStep, 'targets'>, doc: Document = document): HTMLElement | null {
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
