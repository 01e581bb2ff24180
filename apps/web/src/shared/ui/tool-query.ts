import { useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@solstice/contracts';
import type { CallArgs } from '../lib/api-client';
import { apiGet, type CallOptions } from '../api';

/** The seasonality reads a tool's form asks for: `GET` with the form's values as the query. */
type ToolEndpoint =
  | 'seasonalityPattern'
  | 'seasonalityChart'
  | 'seasonalityCalendar'
  | 'seasonalityBestTrades'
  | 'seasonalityWalkForward'
  | 'seasonalityOverfitting';

/** A tool's read, cached under `key` and its query; asked for once `enabled` (the form is ready). */
export function useToolQuery<N extends ToolEndpoint>(key: string, name: N, query: object, enabled = true) {
  return useQuery<EndpointResponse<N>>({
    queryKey: [key, query],
    queryFn: () => apiGet(name, ...([{ query }] as unknown as CallArgs<N, CallOptions>)),
    enabled,
  });
}
