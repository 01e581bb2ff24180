import { lazy } from 'react';
import { registerSymbolDetailsSlot } from '../shared/components/symbol-details-slots';
import { withChunkReload } from './chunk-reload';

// The symbol details' heavy parts load on the first opening, each in its own chunk.
registerSymbolDetailsSlot('chart', lazy(withChunkReload(() => import('../features/symbol-details/candles-panel'))));
registerSymbolDetailsSlot('stats', lazy(withChunkReload(() => import('../features/symbol-details/trader-stats'))));
registerSymbolDetailsSlot(
  'seasonality',
  lazy(withChunkReload(() => import('../features/symbol-details/seasonal-summary'))),
);
