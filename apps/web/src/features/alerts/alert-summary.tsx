import { Link } from 'react-router';
import type { Alert } from '@solstice/contracts';
import { QueryView } from '../../shared/ui/states';
import { useAlertHistory } from './alerts-api';

export function targetOf(a: Alert): string {
  if (a.kind === 'scan') return 'All symbols';
  return a.symbol ?? (a.watchlistId !== null ? `Watchlist #${a.watchlistId}` : '—');
}

export function ruleOf(a: Alert): string {
  if (a.kind !== 'seasonal' || !a.seasonal) return a.expression ?? '';
  const s = a.seasonal;
  return `${s.direction}, ${s.minDays}–${s.maxDays} days, win rate ≥ ${Math.round(s.minWinRate * 100)}%, ≥ ${s.minYears} years${
    s.maxPValue !== null ? `, p ≤ ${s.maxPValue}` : ''
  }; ${s.leadDays} trading days ahead`;
}

/** What an alert has fired so far. */
export function History({ alert }: { alert: Alert }) {
  const history = useAlertHistory(alert.id);
  return (
    <QueryView query={history}>
      {(h) =>
        h.data.length === 0 ? (
          <p className="text-muted small mb-0">It has not fired yet.</p>
        ) : (
          <ul className="list-unstyled small mb-0" data-testid="alert-history">
            {h.data.map((item) => (
              <li key={item.id}>
                <span className="text-muted">{item.barDate}</span> <Link to={item.link}>{item.message}</Link>
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}
