import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { tourMarkup } from './tour-markup';
import { expectPrerendered, inEachLanguage } from './prerender-checks';
import { TOUR_PRERENDER_ID } from '../../shared/prerender-id';
import { Tutorial } from '../../shared/components/tutorial';
import { i18n } from '../../shared/i18n/i18n';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import en from '../../shared/i18n/en/shell';
import tr from '../../shared/i18n/tr/shell';

// Issue 18 (Lighthouse on /dashboard): the server sends this markup to an account that has not
// seen the tour, so its first step paints before the scripts run.
describe('the tour’s first step in the web build', () => {
  it.each(inEachLanguage(en, tr))(
    'is the welcome step in %s, its buttons disabled until the app takes over',
    async (language, texts) => {
      const markup = await tourMarkup(language);
      const { welcome } = texts.tutorial.steps;
      expectPrerendered(markup, TOUR_PRERENDER_ID, [welcome.title, welcome.body, texts.tutorial.next, '>1 / 5<'], 2);
    },
  );

  it('is the dialog the app’s tour draws, but for the disabled buttons and its own ids', async () => {
    resetAppStore();
    useUiStore.setState({ tutorialOpen: false });
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } } as never);
    render(<Tutorial />);
    const dialog = await screen.findByTestId('tutorial');
    const app = dialog
      .closest('.modal')!
      .outerHTML.replaceAll(/ (?:data-testid|data-tour-primary)="[^"]*"/g, '')
      .replaceAll(/"_[^" ]*-title"/g, '"TITLE"');
    const backdrop = document.querySelector('.modal-backdrop')!.outerHTML;
    const markup = (await tourMarkup(i18n.language as 'en' | 'tr'))
      .replaceAll(' disabled=""', '')
      .replaceAll(`"${TOUR_PRERENDER_ID}-title"`, '"TITLE"')
      // the style attribute as the browser serialises it
      .replace('style="display:block"', 'style="display: block;"');
    expect(markup).toBe(`<div id="${TOUR_PRERENDER_ID}">${backdrop}${app}</div>`);
  });
});
