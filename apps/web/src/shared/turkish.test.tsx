import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SeasonalWindow } from '@solstice/contracts';
import { switchLanguage } from './i18n/i18n';
import { resetAppStore, useAppStore } from './store/app-store';
import { createStats, createWindow } from '../testing/factories';
import { createFormatters } from './format';
import { StatsPanel } from './stats/stats-panel';
import { statLabel } from './stats/definitions';
import { signalColumn } from './stats/trade-signal';
import { windowStatColumns } from './stats/window-columns';
import { csvTable, DataTable } from './tables/data-table';
import { ErrorState, QueryView, SubscribeCard } from './ui/states';
import { StaleCount } from './ui/stale-count';
import { checkWindowFields } from './ui/fields';

const f = createFormatters('tr-TR', 'Europe/Istanbul');

beforeEach(async () => {
  resetAppStore();
  useAppStore.getState().setDisplay({ locale: 'tr-TR' });
  await switchLanguage('tr');
});
afterEach(() => switchLanguage('en'));

describe('the shared blocks in Turkish', () => {
  it('names the statistics, the significance checks and tr-TR numbers', () => {
    render(<StatsPanel stats={createStats({ count: 8, pValue: 0.2 })} />);
    const panel = screen.getByTestId('stats-panel');
    expect(panel).toHaveAccessibleName('İstatistikler');
    expect(within(panel).getByRole('button', { name: 'Kazanma oranı' })).toBeInTheDocument();
    expect(panel.querySelector('[data-stat="winRate"]')).toHaveTextContent('%80,0');
    expect(panel.querySelector('[data-stat="mean"]')).toHaveTextContent('+%3,10');
    const warning = screen.getByTestId('significance-warning');
    expect(warning).toHaveTextContent('Zayıf örüntü:');
    expect(warning).toHaveTextContent('yalnızca 8 yıllık geçmiş (10 yıldan az)');
    expect(warning).toHaveTextContent('p-değeri 0,200, 0,05 üzerinde');
    expect(statLabel('pValue')).toBe('p-değeri');
  });

  it('translates the table, its pages and the window columns, but keeps the CSV headers and values raw', () => {
    const rows: SeasonalWindow[] = Array.from({ length: 30 }, (_, i) =>
      createWindow({ days: 20 + i, stats: createStats({ count: 5 }) }),
    );
    const columns = [...windowStatColumns<SeasonalWindow>(f), signalColumn<SeasonalWindow>(() => 'long')];
    render(
      <DataTable rows={rows} columns={columns} rowKey={(_, i) => String(i)} caption="Pencereler" filename="w.csv" />,
    );
    expect(screen.getByText('Satır 1–25 / 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV olarak dışa aktar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sonraki' })).toBeInTheDocument();
    expect(screen.getByText('Sayfa 1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Başlangıç' })).toBeInTheDocument();
    expect(screen.getAllByText('Al').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Zayıf').length).toBeGreaterThan(0);
    const { header, body } = csvTable(columns, rows.slice(0, 1));
    expect(header.slice(0, 5)).toEqual(['Start', 'End', 'Days', 'Years', 'Win rate (fraction)']);
    expect(header.at(-1)).toBe('Signal');
    expect(body[0]!.at(-1)).toBe('Buy');
  });

  it('says the states, the stale count and the form problems in Turkish', () => {
    render(
      <MemoryRouter>
        <ErrorState error={new Error('x')} onRetry={() => undefined} />
        <SubscribeCard tool={{ title: 'Tarayıcı', description: 'Açıklama' }} />
        <QueryView
          query={{
            data: [],
            error: null,
            isPending: false,
            isError: false,
            refetch: async () => ({}) as never,
            fetchStatus: 'idle',
          }}
          isEmpty={(d: unknown[]) => d.length === 0}
        >
          {() => null}
        </QueryView>
        <StaleCount stale={12} asOf="2026-11-20" f={f} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Yüklenemedi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
    expect(screen.getByText('Tarayıcı abonelere özeldir')).toBeInTheDocument();
    expect(screen.getByText('Gösterilecek bir şey yok.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '12 sembol eski' })).toHaveAccessibleDescription(/20\.11\.2026/);
    expect(checkWindowFields({ start: '3-15', from: '2010', to: '2005' })).toEqual({
      start: 'AA-GG biçimini kullanın, örn. 03-15',
      to: 'İlk yıldan önce olamaz',
    });
  });
});
