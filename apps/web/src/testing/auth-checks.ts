// The login dialog's check of an empty form, in either language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { useAppStore } from '../shared/store/app-store';

/**
 * Opens the login dialog (drawn by `render`), sends it empty and checks the message under each
 * field: `messages` maps each field's label to its message, the focused login field first.
 */
export async function expectEmptyLoginRefused(render: () => void, messages: Record<string, string>): Promise<void> {
  const user = userEvent.setup();
  useAppStore.getState().setShow('login', true);
  render();
  const [first] = Object.keys(messages);
  const login = await screen.findByLabelText(first!);
  await waitFor(() => expect(login).toHaveFocus());
  await user.keyboard('{Enter}');
  for (const [label, message] of Object.entries(messages)) {
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
  }
}
