import { useTranslation } from 'react-i18next';
import type { AlertUsage } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import type { AlertDraft } from './alert-draft';

/** The symbols a draft watches: its symbol, or its watchlist's symbols now; a scan alert none. */
export function symbolsWatched(
  d: Pick<AlertDraft, 'kind' | 'target' | 'symbol' | 'watchlistId'>,
  lists: readonly { id?: number | null; symbols: readonly unknown[] }[],
): number {
  if (d.kind === 'scan') return 0;
  if (d.target === 'symbol') return d.symbol.trim() === '' ? 0 : 1;
  return lists.find((w) => String(w.id) === d.watchlistId)?.symbols.length ?? 0;
}

/**
 * The account's limits as they apply to this draft, before it is saved: the notifications a
 * session makes, and the symbols its alerts would watch in all (red when over).
 */
export function AlertLimits({
  usage,
  draft,
  initial,
  editing,
  lists,
}: {
  usage: AlertUsage;
  draft: AlertDraft;
  initial: AlertDraft;
  editing: boolean;
  lists: readonly { id?: number | null; symbols: readonly unknown[] }[];
}) {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  const adding = symbolsWatched(draft, lists);
  const others = usage.symbols - (editing ? symbolsWatched(initial, lists) : 0);
  const total = others + adding;
  const over = total > usage.limits.symbolsPerAccount;
  const values = {
    adding: f.number(adding, 0),
    total: f.number(total, 0),
    limit: f.number(usage.limits.symbolsPerAccount, 0),
  };
  return (
    <div className="small mb-2" data-testid="alert-limits" aria-live="polite">
      <div className="fw-semibold">{t('form.limitsTitle')}</div>
      <ul className="mb-0 ps-3">
        <li>{t('form.limitNotifications', { count: usage.limits.notificationsPerSession })}</li>
        {draft.kind !== 'scan' ? (
          <li className={over ? 'text-danger' : undefined} data-testid="alert-limit-symbols">
            {t(over ? 'form.limitSymbolsOver' : 'form.limitSymbols', values)}
          </li>
        ) : null}
        {!editing ? (
          <li>
            {t('form.limitAlerts', { count: f.number(usage.alerts, 0), limit: f.number(usage.limits.alerts, 0) })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
