import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlatNamespace, ParseKeys, TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isSubscriptionRequired } from '../api';
import { usePremiumAccess } from '../shell';
import { SubscribeCard, type ToolInfo } from './states';

export const premiumAccessKey = ['premium-access'] as const;

/** What the session knows of premium access, and the server's access probe, asked only when it does not know. */
function usePremiumProbe() {
  const known = usePremiumAccess();
  const probe = useQuery({
    enabled: known === 'unknown',
    queryKey: premiumAccessKey,
    queryFn: () => apiGet('subscriptionPremium', undefined, { background: true }),
    staleTime: 0,
  });
  return { known, probe };
}

/**
 * Whether premium access is confirmed (the session says so, or the probe answered yes): a
 * tool whose page loads data on its own waits for it, so that a non-subscriber's page makes no
 * refused request.
 */
export function usePremiumConfirmed(): boolean {
  const { known, probe } = usePremiumProbe();
  return known === 'yes' || probe.data?.access === true;
}

/**
 * A non-subscriber sees what the tool does and the way to subscribe instead of the tool. The
 * session says so when it is known (no refused request, so no console error); otherwise the
 * server's cheap access probe is asked. The tool's own requests still meet the API's gate.
 */
export function PremiumGate({ tool, title, children }: { tool: ToolInfo; title: string; children: ReactNode }) {
  const { known, probe } = usePremiumProbe();
  if (known === 'no' || (probe.isError && !probe.isFetching && isSubscriptionRequired(probe.error))) {
    return <SubscribeScreen tool={tool} title={title} />;
  }
  return <>{children}</>;
}

/**
 * A premium tool's screen: `Tool` behind the gate, which shows what the tool does (`tool`) and
 * its title (the text `titleKey`), both from the tool's namespace `ns`.
 */
export function premiumScreen<N extends FlatNamespace>(
  ns: N,
  tool: (t: TFunction<N>) => ToolInfo,
  titleKey: ParseKeys<N> & string,
  Tool: ComponentType,
) {
  return function PremiumScreen() {
    const { t } = useTranslation(ns);
    const title = (t as unknown as (key: string) => string)(titleKey);
    return (
      <PremiumGate tool={tool(t as unknown as TFunction<N>)} title={title}>
        <Tool />
      </PremiumGate>
    );
  };
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
