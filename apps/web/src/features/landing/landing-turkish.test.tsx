import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LandingPage from './landing-page';
import { switchLanguage } from '../../shared/i18n/i18n';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { mockApi } from '../../../test/mock-api';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(async () => {
  resetAppStore();
  useAppStore.getState().setDisplay({ locale: 'tr-TR' });
  await switchLanguage('tr');
});
afterEach(async () => {
  api?.restore();
  await switchLanguage('en');
});

describe('the landing page in Turkish', () => {
  it('shows its texts and prices in Turkish', async () => {
    api = mockApi({
      'GET /api/v1/products': () => ({
        status: 200,
        body: [
          {
            id: 1,
            name: 'Solstice Pro',
            description: 'Every tool',
            prices: [{ id: 11, amount: 2950, currency: 'usd', interval: 'month' }],
          },
        ],
      }),
    });
    render(<LandingPage />);
    expect(screen.getByRole('button', { name: 'Giriş yap' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kaydol' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fiyatlandırma' })).toBeInTheDocument();
    expect(screen.getByText('Siz yazarken yanıt veren bir tarayıcı')).toBeInTheDocument();
    const price = await screen.findByText('$29,50');
    expect(price.closest('li')).toHaveTextContent('$29,50 / ay');
  });
});
