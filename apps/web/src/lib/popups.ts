import type SwalDefault from 'sweetalert2';
import type { SweetAlertIcon, SweetAlertOptions } from 'sweetalert2';
import { useAppStore, type NotifyType } from '../store/app-store';
import { escapeHtml } from './escape-html';

/** Titles and texts of the specification's popups (§8). */
export const POPUP_TITLES = { success: 'Success!', error: 'Error!', warning: 'Oops!' } as const;
export const TOAST_SIGNED_IN = 'Signed in successfully';
export const TOAST_MS = 3000;

// SweetAlert2 is loaded on first use: it is not needed to draw the landing page.
type Swal = typeof SwalDefault;
let swalPromise: Promise<Swal> | null = null;
export function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((m) => m.default);
  return swalPromise;
}

const BUTTONS = {
  confirmButtonColor: '#07baef',
  cancelButtonColor: '#6c757d',
} satisfies SweetAlertOptions;

async function fire(type: NotifyType, title: string, message: string, extra: SweetAlertOptions = {}) {
  useAppStore.getState().setNotify({ type, title, message });
  const Swal = await loadSwal();
  // SweetAlert2 puts `title` in as HTML (`text` as text); titleText would be safe too, but
  // it is set through innerText, which jsdom does not have
  return Swal.fire({ icon: type as SweetAlertIcon, title: escapeHtml(title), text: message, ...BUTTONS, ...extra });
}

export async function showSuccess(message: string, title: string = POPUP_TITLES.success): Promise<void> {
  await fire('success', title, message, { confirmButtonText: 'Close' });
}

export async function showError(message: string, title: string = POPUP_TITLES.error): Promise<void> {
  await fire('error', title, message, { confirmButtonText: 'Close' });
}

export async function showWarning(message: string, title: string = POPUP_TITLES.warning): Promise<void> {
  await fire('warning', title, message, { confirmButtonText: 'Close' });
}

/** Asks a yes/no question: warning icon, buttons 'Yes' and 'Close' reversed. True on 'Yes'. */
export async function confirmDialog(message: string, title = 'Are you sure?'): Promise<boolean> {
  const result = await fire('warning', title, message, {
    showCancelButton: true,
    confirmButtonText: 'Yes',
    cancelButtonText: 'Close',
    reverseButtons: true,
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Small toast at the top right, gone after 3000 ms, with a progress bar. */
export async function showToast(title: string = TOAST_SIGNED_IN, icon: SweetAlertIcon = 'success'): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    toast: true,
    position: 'top-end',
    icon,
    title: escapeHtml(title),
    showConfirmButton: false,
    timer: TOAST_MS,
    timerProgressBar: true,
  });
}
