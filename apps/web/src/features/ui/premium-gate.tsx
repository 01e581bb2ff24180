import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isSubscriptionRequired, retryServerErrors } from '../api';
import { SubscribeCard, type ToolInfo } from './states';

export const PREMIUM_PROBE = '/api/v1/subscription/premium';
export const premiumAccessKey = ['premium-access'] as const;

/**
 * Asks the server (the cheap access probe) whether the premium tools answer to this user;
 * a non-subscriber sees what the tool does and the way to subscribe instead of the tool.
 */
export function PremiumGate({ tool, title, children }: { tool: ToolInfo; title: string; children: ReactNode }) {
  const probe = useQuery({
    queryKey: premiumAccessKey,
    retry: retryServerErrors,
    queryFn: () => apiGet<{ access: boolean }>(PREMIUM_PROBE, undefined, { background: true }),
    staleTime: 0,
  });
  if (probe.isError && !probe.isFetching && isSubscriptionRequired(probe.error)) {
    return (
      <div className="container-fluid py-3">
        <h1 className="h4">{title}</h1>
        <SubscribeCard tool={tool} />
      </div>
    );
  }
  return <>{children}</>;
}
