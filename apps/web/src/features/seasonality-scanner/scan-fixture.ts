// The requests of the seasonality scanner's tests: a subscriber's access and the scan's answer.
import { ENDPOINTS } from '@solstice/contracts';
import { premium, type MockRoute } from '../../testing/test-utils';

/** The subscription and the seasonality scan answering `body`. */
export const scanRoutes = (body: unknown): MockRoute[] => [
  premium,
  { method: 'POST', path: ENDPOINTS.seasonalityScan.path, body },
];
