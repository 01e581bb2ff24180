// The tests every premium tool's screen shares: what a non-subscriber sees before asking,
// and the subscription-required, error and empty answers of the tool's own request.
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { mockFetch, notPremium, premium, renderScreen, serverError, subscriptionRequired } from './test-utils';

export interface PremiumTool {
  ui: ReactElement;
  /**
   * The tool's own request (method and path), the page (`url`) that sends it at once, and the
   * message of its server error, which the error state then shows.
   */
  request: { method?: string; path: string | RegExp; url: string; message?: string };
  /** An answer with nothing to show. */
  empty: unknown;
  /**
   * The page before anything is asked, its form's submit button, and the text (the tool's
   * name) the subscribe card shows.
   */
  gate: { url: string; submit: string; title?: string };
}

/** Registers the premium tool's shared tests in the calling block. */
export function itBehavesLikeAPremiumTool(tool: PremiumTool): void {
  it('has non-subscriber, error and empty states', () => expectSubscribeErrorAndEmptyStates(tool));
  it('shows a non-subscriber what the tool does before anything is asked', () =>
    expectSubscribeCardBeforeAsking(tool.ui, tool.gate.url, tool.gate.submit));
}

/** A signed-in non-subscriber gets the subscribe card (linking to /subscribe) and no form to send. */
export async function expectSubscribeCardBeforeAsking(ui: ReactElement, url: string, submit: string): Promise<void> {
  mockFetch([notPremium]);
  renderScreen(ui, { url });
  const card = await screen.findByTestId('subscribe-card');
  expect(within(card).getByRole('link')).toHaveAttribute('href', '/subscribe');
  expect(screen.queryByRole('button', { name: submit })).not.toBeInTheDocument();
}

/**
 * The tool's request answered "subscription required" shows the subscribe card, a server
 * error the error state, and an empty answer the empty state: one render each.
 */
export async function expectSubscribeErrorAndEmptyStates({ ui, request, empty, gate }: PremiumTool) {
  const { url, message, ...route } = request;
  const steps = [
    { answer: subscriptionRequired(), testId: 'subscribe-card', text: gate.title },
    { answer: serverError(message), testId: 'error-state', text: message },
    { answer: { body: empty }, testId: 'empty-state', text: undefined },
  ];
  for (const step of steps) {
    mockFetch([premium, { ...route, ...step.answer }]);
    const view = renderScreen(ui, { url });
    const shown = await screen.findByTestId(step.testId);
    if (step.text === undefined) expect(shown).toBeInTheDocument();
    else expect(shown).toHaveTextContent(step.text);
    view.unmount();
  }
}
