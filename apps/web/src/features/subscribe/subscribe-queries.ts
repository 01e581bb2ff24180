import { apiGet } from '../../shared/api';

/**
 * The subscribe page's three questions, by their query keys: the page's data (app/page-data.ts)
 * puts the server's answers under the same keys, so that the screen draws from them at once.
 */
export const productsQuery = {
  queryKey: ['products'],
  queryFn: () => apiGet('products'),
  staleTime: 5 * 60_000,
};

export const paymentsConfigQuery = {
  queryKey: ['payments-config'],
  queryFn: () => apiGet('paymentsConfig', undefined, { background: true }),
  staleTime: Infinity,
};

export const subscriptionQuery = {
  queryKey: ['subscription'],
  queryFn: () => apiGet('subscription'),
};
