import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryMismatchInfo } from '@solstice/contracts';
import { apiQuietPost } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { ConfirmFooter } from '../../shared/ui/confirm-footer';
import { ErrorAlert } from '../../shared/ui/states';
import type { Column } from '../../shared/tables/data-table';
import { dangerButtonColumn, timeColumn, valueColumn } from '../../shared/tables/columns';
import { DataSection } from './data-section';
import { ADMIN_DATA_QUERY_KEY } from './admin-data-key';

/**
 * The symbols whose provider history did not join the stored one (ticker continuity): nothing
 * of them is written until an admin replaces the history here.
 */
export function HistoryMismatchesSection({ rows, f }: { rows: HistoryMismatchInfo[]; f: Formatters }) {
  const { t } = useTranslation(['admin', 'common']);
  const [replacing, setReplacing] = useState<HistoryMismatchInfo | null>(null);
  const close = (v: number | null | undefined) => f.number(v, 4);
  const columns: Column<HistoryMismatchInfo>[] = [
    { key: 'symbol', label: t('common:table.symbol'), csvLabel: 'Symbol', text: (r) => r.symbol },
    { key: 'provider', label: t('data.mismatches.provider'), csvLabel: 'Provider', text: (r) => r.provider },
    timeColumn('date', t('data.mismatches.date'), 'Date', (r) => r.date, f.date),
    valueColumn('storedClose', t('data.mismatches.storedClose'), 'Stored close', (r) => r.storedClose, close),
    valueColumn('providerClose', t('data.mismatches.providerClose'), 'Provider close', (r) => r.providerClose, close),
    { key: 'reason', label: t('data.failing.reason'), csvLabel: 'Reason', text: (r) => r.reason },
    dangerButtonColumn<HistoryMismatchInfo>('replace', '', {
      text: t('data.mismatches.replaceButton'),
      label: (r) => t('data.mismatches.replaceLabel', { symbol: r.symbol }),
      onClick: setReplacing,
    }),
  ];
  return (
    <DataSection
      name="history-mismatches"
      title={t('data.mismatches.title')}
      empty={t('data.mismatches.empty')}
      before={<p className="small text-muted">{t('data.mismatches.explain')}</p>}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.symbol}
      after={<ReplaceDialog mismatch={replacing} onClose={() => setReplacing(null)} />}
    />
  );
}

function ReplaceDialog({ mismatch, onClose }: { mismatch: HistoryMismatchInfo | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const client = useQueryClient();
  const replace = useMutation({
    mutationFn: (symbol: string) => apiQuietPost('adminHistoryReplace', { params: { symbol } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
      onClose();
    },
  });
  const close = () => {
    replace.reset();
    onClose();
  };
  const symbol = mismatch?.symbol ?? '';
  return (
    <Modal
      show={mismatch !== null}
      title={t('data.mismatches.confirmTitle', { symbol })}
      onClose={close}
      testId="replace-history"
      footer={
        <ConfirmFooter onCancel={close} onConfirm={() => replace.mutate(symbol)} busy={replace.isPending}>
          {t('data.mismatches.replaceConfirm')}
        </ConfirmFooter>
      }
    >
      <p className="small">{t('data.mismatches.confirmText', { symbol, provider: mismatch?.provider ?? '' })}</p>
      <ErrorAlert error={replace.error} className="alert alert-danger py-1 small mt-2" />
    </Modal>
  );
}
