import type SwalDefault from 'sweetalert2';
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { useAppStore, type NotifyType } from '../store/app-store';
import { escapeHtml } from './escape-html';
import { i18n } from '../i18n/i18n';

/**
 * Titles and texts of the specification's popups (§8), in English; the ones shown are the
 * texts `common:popups.*` in the interface's language.
 */
export const POPUP_TITLES = { success: 'Success!', error: 'Error!', warning: 'Oops!' } as const;
export const TOAST_SIGNED_IN = 'Signed in successfully';

/** A popup text in the language, read when the popup opens (the language can change). */
const text = (key: 'success' | 'error' | 'warning' | 'close' | 'yes' | 'areYouSure' | 'signedIn') =>
  i18n.t(`common:popups.${key}`);
export const TOAST_MS = 3000;

// SweetAlert2 is loaded on first use: it is not needed to draw the landing page.
type Swal = typeof SwalDefault;
let swalPromise: Promise<Swal> | null = null;
export function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((m) => m.default);
  return swalPromise;
}

const BUTTONS = {
  // white text on the button: the primary's dark shade (5.55:1; 2.26:1 on #07baef)
  confirmButtonColor: '#047192',
  cancelButtonColor: '#6c757d',
} satisfies SweetAlertOptions;

/** The popup on screen until it closes (the store's notify says what it shows). */
let open: Promise<SweetAlertResult> | null = null;

async function fire(
  type: NotifyType,
  title: string,
  message: string,
  extra: SweetAlertOptions = {},
): Promise<SweetAlertResult> {
  const Swal = await loadSwal();
  const last = useAppStore.getState().notify;
  // The same failure from several requests at once is one popup, not a stack of them.
  if (open && !extra.showCancelButton && last.type === type && last.title === title && last.message === message) {
    return open;
  }
  useAppStore.getState().setNotify({ type, title, message });
  // SweetAlert2 puts `title` in as HTML (`text` as text); titleText would be safe too, but
  // it is set through innerText, which jsdom does not have
  const shown = Swal.fire({
    icon: type as SweetAlertIcon,
    title: escapeHtml(title),
    text: message,
    ...BUTTONS,
    ...extra,
  });
  open = shown;
  void shown.finally(() => {
    if (open === shown) open = null;
  });
  return shown;
}

export async function showSuccess(message: string, title: string = text('success')): Promise<void> {
  await fire('success', title, message, { confirmButtonText: text('close') });
}

export async function showError(message: string, title: string = text('error')): Promise<void> {
  await fire('error', title, message, { confirmButtonText: text('close') });
}

export async function showWarning(message: string, title: string = text('warning')): Promise<void> {
  await fire('warning', title, message, { confirmButtonText: text('close') });
}

/** Asks a yes/no question: warning icon, buttons 'Yes' and 'Close' reversed. True on 'Yes'. */
export async function confirmDialog(message: string, title: string = text('areYouSure')): Promise<boolean> {
  const result = await fire('warning', title, message, {
    showCancelButton: true,
    confirmButtonText: text('yes'),
    cancelButtonText: text('close'),
    reverseButtons: true,
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Small toast at the top right, gone after 3000 ms, with a progress bar. */
export async function showToast(title: string = text('signedIn'), icon: SweetAlertIcon = 'success'): Promise<void> {
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
