import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isSubscriptionRequired } from '../api';
import { usePremiumAccess } from '../shell';
import { SubscribeCard, type ToolInfo } from './states';

export const PREMIUM_PROBE = '/api/v1/subscription/premium';
export const premiumAccessKey = ['premium-access'] as const;

/**
 * Whether premium access is confirmed (the session says so, or the probe answered yes): a
 * tool whose page loads data on its own waits for it, so that a non-subscriber's page makes no
 * refused request.
 */
export function usePremiumConfirmed(): boolean {
  const known = usePremiumAccess();
  const probe = useQuery({
    enabled: known === 'unknown',
    queryKey: premiumAccessKey,
    queryFn: () => apiGet<{ access: boolean }>(PREMIUM_PROBE, undefined, { background: true }),
    staleTime: 0,
  });
  return known === 'yes' || probe.data?.access === true;
}

/**
 * A non-subscriber sees what the tool does and the way to subscribe instead of the tool. The
 * session says so when it is known (no refused request, so no console error); otherwise the
 * server's cheap access probe is asked. The tool's own requests still meet the API's gate.
 */
export function PremiumGate({ tool, title, children }: { tool: ToolInfo; title: string; children: ReactNode }) {
  const known = usePremiumAccess();
  const probe = useQuery({
    enabled: known === 'unknown',
    queryKey: premiumAccessKey,
    queryFn: () => apiGet<{ access: boolean }>(PREMIUM_PROBE, undefined, { background: true }),
    staleTime: 0,
  });
  if (known === 'no' || (probe.isError && !probe.isFetching && isSubscriptionRequired(probe.error))) {
    return <SubscribeScreen tool={tool} title={title} />;
  }
  return <>{children}</>;
}

/** What a non-subscriber sees in place of a premium tool (also when the API refuses a request). */
export function SubscribeScreen({ tool, title, testId }: { tool: ToolInfo; title: string; testId?: string }) {
  return (
    <div className="container-fluid py-3" data-testid={testId}>
      <h1 className="h4">{title}</h1>
      <SubscribeCard tool={tool} />
    </div>
  );
}
