import type { SessionSlice } from '../types';
import type { Slice } from './slice';
import { defaultWatchlists } from './watchlists-slice';

export const initialSession = (): Pick<SessionSlice, 'user' | 'roles' | 'subscriber' | 'me'> => ({
  user: null,
  roles: [],
  subscriber: false,
  me: { account: { username: '' } },
});

export const sessionSlice: Slice<SessionSlice> = (set) => ({
  ...initialSession(),
  setSession: ({ data, roles, subscriber }) =>
    set({
      user: data,
      roles: roles ?? [],
      subscriber: subscriber ?? false,
      me: { account: { username: typeof data.username === 'string' ? data.username : '' } },
    }),
  // A shared browser keeps nothing of the account that signed out.
  clearSession: () => set({ ...initialSession(), watchlists: defaultWatchlists(), deletedWatchlistIds: [] }),
});
