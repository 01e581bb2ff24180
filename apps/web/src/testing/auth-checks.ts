// The login dialog's check of an empty form, in either language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { useAppStore } from '../shared/store/app-store';

export interface EmptyLoginTexts {
  login: string;
  loginMessage: string;
  password: string;
  passwordMessage: string;
}

/** Opens the login dialog (drawn by `render`), sends it empty and checks the message under each field. */
export async function expectEmptyLoginRefused(render: () => void, texts: EmptyLoginTexts): Promise<void> {
  const user = userEvent.setup();
  useAppStore.getState().setShow('login', true);
  render();
  const login = await screen.findByLabelText(texts.login);
  await waitFor(() => expect(login).toHaveFocus());
  await user.keyboard('{Enter}');
  expect(login).toHaveAccessibleDescription(texts.loginMessage);
  expect(screen.getByLabelText(texts.password)).toHaveAccessibleDescription(texts.passwordMessage);
}
