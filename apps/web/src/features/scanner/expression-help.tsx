import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { i18n } from '../../shared/i18n/i18n';
import { functionSummary } from '../../shared/expression-editor/expression-editor';

/** One example a function (what it means is `functions.<name>.example` in the texts). */
export const FUNCTION_EXAMPLES: Readonly<Record<string, string>> = {
  sma: 'close > sma(close, 50)',
  ema: 'ema(close, 20) > ema(close, 50)',
  rma: 'rma(volume, 14) > 1000000',
  rsi: 'rsi(close, 14) < 30',
  atr: 'atr(14) > 5',
  // A return is a fraction (0.1 = 10%); a "10%" here would read as an English number in Turkish.
  roc: 'roc(close, 20) > 0.1',
  change: 'change(close, 10) > 5',
  sum: 'sum(volume, 5) > 10000000',
  highest: 'high >= highest(high, 20)',
  lowest: 'close <= lowest(low, 20) * 1.02',
  stdev: 'stdev(close, 20) > 2',
  weekly: 'weekly(rsi(close, 14)) < 30',
  monthly: 'monthly(close) > monthly(sma(close, 10))',
  rank: 'rank(m6, sector) >= 90',
  rs: 'rs(SPY, 63) > 0',
};

/** The language beyond functions, each with an example. */
const SYNTAX_EXAMPLES = [
  { key: 'offset', example: 'close > close[5]' },
  { key: 'list', example: 'sector in ("Energy", "Materials")' },
  { key: 'arithmetic', example: '(close - sma50) / sma50 > 0.05' },
] as const;

/**
 * The scanner's help: every function of the language with its signature, what it gives and an
 * example, then offsets, lists and calculations. Shown when the server describes functions.
 */
export function ExpressionHelp({ fields }: { fields: ScanFieldsResponse | undefined }) {
  const { t } = useTranslation('scanner');
  const functions = fields?.functions;
  if (!functions?.length) return null;
  const bounds = { maxPeriod: fields?.bounds?.maxPeriod ?? 1000, maxOffset: fields?.bounds?.maxOffset ?? 1000 };
  const explain = (key: string) =>
    i18n.exists(`scanner:help.examples.${key}`) ? String(t(`help.examples.${key}` as never, bounds as never)) : '';
  const meaning = (name: string) =>
    i18n.exists(`scanner:functions.${name}.example`) ? String(t(`functions.${name}.example` as never)) : '';
  return (
    <details className="mb-3 small" data-testid="scan-help">
      <summary>{t('help.title')}</summary>
      <p className="mt-2 mb-2">{t('help.intro', bounds)}</p>
      <div className="table-responsive">
        <HelpTable caption={t('help.functions')} columns={[t('help.function'), t('help.summary'), t('help.example')]}>
          {functions.map((f) => (
            <tr key={f.name}>
              <th scope="row" className="font-monospace fw-normal text-nowrap">
                {f.name}({f.args.join(', ')})
              </th>
              <td>{functionSummary(f)}</td>
              <td>
                {FUNCTION_EXAMPLES[f.name] ? (
                  <>
                    <code>{FUNCTION_EXAMPLES[f.name]}</code> <span className="text-muted">{meaning(f.name)}</span>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </HelpTable>
        <HelpTable caption={t('help.syntax')} columns={[t('help.example'), t('help.summary')]}>
          {SYNTAX_EXAMPLES.map((s) => (
            <tr key={s.key}>
              <th scope="row" className="fw-normal">
                <code>{s.example}</code>
              </th>
              <td>{explain(s.key)}</td>
            </tr>
          ))}
        </HelpTable>
      </div>
    </details>
  );
}

/** One table of the help: its caption above, its column headers, its rows. */
function HelpTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="table table-sm align-middle">
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
