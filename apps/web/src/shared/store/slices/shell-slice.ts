import type { ShellSlice } from '../types';
import type { Slice } from './slice';

export const initialShell = (): Pick<ShellSlice, 'notify' | 'show' | 'url'> => ({
  notify: { type: 'success', title: '', message: '' },
  show: { lottie: false, login: false, signup: false },
  url: { base: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/', full: '', cms: '' },
});

export const shellSlice: Slice<ShellSlice> = (set) => ({
  ...initialShell(),
  setNotify: (notify) => set((s) => ({ notify: { ...s.notify, ...notify } })),
  setShow: (flag, value) => set((s) => ({ show: { ...s.show, [flag]: value } })),
  setUrl: (url) => set((s) => ({ url: { ...s.url, ...url } })),
});
