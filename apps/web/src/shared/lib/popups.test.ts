import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmDialog, loadSwal, showError, showSuccess, showToast, showWarning } from './popups';
import { useAppStore } from '../store/app-store';

beforeAll(async () => {
  await loadSwal();
}, 20_000);

afterEach(async () => {
  (await loadSwal()).close();
  // SweetAlert2 gives focus back 100 ms after closing: let it, before the page is torn down.
  await new Promise((resolve) => setTimeout(resolve, 150));
});

describe('popups', () => {
  it('success: "Success!" with a Close button, recorded in notify', async () => {
    void showSuccess('Saved your list');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('Saved your list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(useAppStore.getState().notify).toEqual({ type: 'success', title: 'Success!', message: 'Saved your list' });
  });

  it('error: "Error!"; warning: "Oops!"', async () => {
    void showError('Bad');
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    (await loadSwal()).close();
    void showWarning('Careful');
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
  });

  it('confirm: warning icon, reversed Yes / Close, resolves true on Yes', async () => {
    const answer = confirmDialog('Delete this list?');
    const yes = await screen.findByRole('button', { name: 'Yes' });
    const close = screen.getByRole('button', { name: 'Close' });
    // Reversed: Close comes before Yes.
    expect(close.compareDocumentPosition(yes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('.swal2-icon.swal2-warning')).not.toBeNull();
    await userEvent.click(yes);
    await expect(answer).resolves.toBe(true);
  });

  it('confirm resolves false on Close', async () => {
    const answer = confirmDialog('Delete?');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);
  });

  it('toast: "Signed in successfully" at the top right with a timer progress bar', async () => {
    void showToast();
    expect(await screen.findByText('Signed in successfully')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.swal2-container.swal2-top-end')).not.toBeNull());
    expect(document.querySelector('.swal2-timer-progress-bar')).not.toBeNull();
  });

  it('shows a title and message that hold markup as text', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    void showError(`message ${payload}`, `title ${payload}`);
    expect(await screen.findByText(`title ${payload}`)).toBeInTheDocument();
    expect(screen.getByText(`message ${payload}`)).toBeInTheDocument();
    expect(document.querySelector('.swal2-container img[src="x"]')).toBeNull();
  });
});
