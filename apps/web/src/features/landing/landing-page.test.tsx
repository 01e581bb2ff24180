import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LandingPage from './landing-page';
import { createFormatters } from '../../shared/format';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { mockApi } from '../../../test/mock-api';

const PRODUCTS = [
  {
    id: 1,
    name: 'Solstice Pro',
    description: 'Every tool',
    prices: [
      { id: 11, amount: 2900, currency: 'usd', interval: 'month' },
      { id: 12, amount: 29000, currency: 'usd', interval: 'year' },
    ],
  },
];

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => resetAppStore());
afterEach(() => api?.restore());

// Issue #19: the landing page read "$29.00" while Subscribe read "$29,00".
describe('prices on the landing page', () => {
  it.each([
    ['tr-TR', '$29,00', '$290,00'],
    ['en-US', '$29.00', '$290.00'],
  ])('read as on every other screen in %s', async (locale, month, year) => {
    useAppStore.getState().setDisplay({ locale });
    api = mockApi({ 'GET /api/v1/products': () => ({ status: 200, body: PRODUCTS }) });
    render(<LandingPage />);
    expect(await screen.findByText(month)).toBeInTheDocument();
    expect(screen.getByText(year)).toBeInTheDocument();
    // The screens' formatter (Subscribe, profile, admin) says the same.
    expect(createFormatters(locale, 'Europe/Istanbul').money(2900, 'usd')).toBe(month);
  });
});
