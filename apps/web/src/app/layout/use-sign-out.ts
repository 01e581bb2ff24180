import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/lib/api-client';
import { stopWatchlistSync } from '../../features/watchlists/watchlist-sync';
import { setSessionData } from '../../shared/auth/session';

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // No watchlist request may reach the server between the sign-out and the cleared session.
    stopWatchlistSync();
    try {
      await callApi('logout', undefined, { quiet: true });
    } finally {
      setSessionData(queryClient, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await navigate('/');
    }
  };
}
