import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { landingMarkup } from './landing-markup';
import { expectPrerendered, inEachLanguage } from './prerender-checks';
import { LandingView, PricingPlaceholder } from '../../features/landing/landing-view';
import { PrerenderHandoff } from '../prerender-handoff';
import { PRERENDER_ID } from '../../shared/prerender-id';
import { i18n } from '../../shared/i18n/i18n';
import en from '../../shared/i18n/en/landing';
import tr from '../../shared/i18n/tr/landing';

const noop = () => {};

// Issue 18 (Lighthouse): the server sends this markup on / so the hero paints before the scripts run.
describe('the landing markup of the web build', () => {
  it.each(inEachLanguage(en, tr))(
    'is the landing page in %s, its buttons disabled until the app takes over',
    async (language, texts) => {
      const markup = await landingMarkup(language);
      const shown = [texts.hero.title, texts.logIn, texts.signUp, texts.hero.start, texts.pricing.teaser];
      expectPrerendered(markup, PRERENDER_ID, shown, 3);
    },
  );

  it('is what the app draws, but for the disabled buttons', async () => {
    const { container } = render(
      <LandingView actions={{ logIn: noop, signUp: noop, warm: noop }} pricing={<PricingPlaceholder />} />,
    );
    const markup = await landingMarkup(i18n.language as 'en' | 'tr');
    expect(markup.replaceAll(' disabled=""', '')).toBe(`<div id="${PRERENDER_ID}">${container.innerHTML}</div>`);
  });

  it('leaves the page when the app first draws', async () => {
    document.body.insertAdjacentHTML('afterbegin', await landingMarkup('en'));
    expect(document.getElementById(PRERENDER_ID)).not.toBeNull();
    const router = createMemoryRouter([{ path: '/', element: <PrerenderHandoff /> }]);
    render(<RouterProvider router={router} />);
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
  });
});
