import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, isSubscriptionRequired } from '../api';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      className="d-flex align-items-center gap-2 text-muted py-4"
      role="status"
      aria-live="polite"
      data-testid="loading-state"
    >
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-light border text-muted my-3" role="status" data-testid="empty-state">
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const message = error instanceof Error ? error.message : t('states.error');
  return (
    <div className="alert alert-danger my-3" role="alert" data-testid="error-state">
      <strong>{t('states.couldNotLoad')}</strong> {message}
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={onRetry}>
          {t('actions.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}

/** A failed change's message, announced; nothing while there is none. */
export function ErrorAlert({
  error,
  className = 'alert alert-danger py-1 small',
  as: Tag = 'div',
}: {
  error: unknown;
  className?: string;
  as?: 'div' | 'p';
}) {
  if (!error) return null;
  return (
    <Tag className={className} role="alert">
      {(error as Error).message}
    </Tag>
  );
}

export interface ToolInfo {
  title: string;
  description: string;
  features?: string[];
}

/** What a premium tool does and the way to subscribe: shown to a signed-in non-subscriber. */
export function SubscribeCard({ tool }: { tool: ToolInfo }) {
  const { t } = useTranslation('common');
  return (
    <section className="card my-3 border-primary" data-testid="subscribe-card" aria-labelledby="subscribe-card-title">
      <div className="card-body">
        <h2 className="h5 card-title" id="subscribe-card-title">
          {t('states.forSubscribers', { tool: tool.title })}
        </h2>
        <p className="card-text">{tool.description}</p>
        {tool.features?.length ? (
          <ul>
            {tool.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
        <Link className="btn btn-primary" to="/subscribe">
          {t('states.subscribeToUnlock', { tool: tool.title })}
        </Link>
      </div>
    </section>
  );
}

export function SignInCard() {
  const { t } = useTranslation('common');
  return (
    <div className="alert alert-warning my-3" role="alert" data-testid="signin-card">
      {t('states.sessionEnded')} <Link to="/">{t('states.signInAgain')}</Link> {t('states.toContinue')}
    </div>
  );
}

/** The loading, error, non-subscriber and empty states of one query, then its content. */
export function QueryView<T>({
  query,
  tool,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'fetchStatus'>;
  tool?: ToolInfo;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    if (tool && isSubscriptionRequired(query.error)) return <SubscribeCard tool={tool} />;
    if (query.error instanceof ApiError && query.error.status === 401) return <SignInCard />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    // A disabled query (nothing asked yet) is pending but idle.
    if (query.fetchStatus === 'idle') return null;
    return <LoadingState />;
  }
  return (
    <QueryContent data={query.data as T} isEmpty={isEmpty} empty={empty}>
      {children}
    </QueryContent>
  );
}

/**
 * A query's content, drawn from a deferred copy of its data: the answer arrives through the query
 * cache's store, whose updates React renders in one go, and a screen's tables and charts held the
 * main thread for hundreds of milliseconds on a phone (Lighthouse's blocking time, issue 45). The
 * deferred render runs at transition priority, in slices between which the browser paints and
 * answers input; until it is done the previous content (or the loading state) stays.
 */
function QueryContent<T>({
  data,
  isEmpty,
  empty,
  children,
}: {
  data: T;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const shown = useDeferredValue<T | undefined>(data, undefined);
  if (shown === undefined) return <LoadingState />;
  if (isEmpty?.(shown)) return <EmptyState>{empty ?? <NothingToShow />}</EmptyState>;
  return <>{children(shown)}</>;
}

function NothingToShow() {
  const { t } = useTranslation('common');
  return <>{t('states.nothingToShow')}</>;
}

export function DemoBadge({ synthetic }: { synthetic: boolean | undefined | null }) {
  const { t } = useTranslation('common');
  if (!synthetic) return null;
  return (
    <span className="badge text-bg-warning ms-2" title={t('states.demoDataTitle')} data-testid="demo-badge">
      {t('states.demoData')}
    </span>
  );
}
