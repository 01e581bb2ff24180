import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { switchLanguage } from '../shared/i18n/i18n';
import { ErrorView } from './error-page';
import { pageHandles } from './routes';
import { paths } from '../shared/paths';
import { i18n } from '../shared/i18n/i18n';

beforeEach(() => switchLanguage('tr'));
afterEach(() => switchLanguage('en'));

describe('the error page and the page titles in Turkish', () => {
  it('says a page was not found in Turkish, with the way home', () => {
    render(
      <MemoryRouter>
        <ErrorView error={{ status: 404 }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Bu sayfa bulunamadı' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana sayfaya dön' })).toBeInTheDocument();
  });

  it('has a Turkish title for every page', () => {
    for (const handle of Object.values(pageHandles)) {
      expect(handle.titleKey).toBeDefined();
      expect(i18n.exists(`shell:routes.${handle.titleKey}`)).toBe(true);
    }
    expect(i18n.t(`shell:routes.${pageHandles[paths.scanner].titleKey!}`)).toBe('Hisse tarayıcı');
  });
});
