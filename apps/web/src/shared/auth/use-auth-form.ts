import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MeResponse } from '@solstice/contracts';
import { showToast } from '../lib/popups';
import { i18n } from '../i18n/i18n';
import { useAppStore } from '../store/app-store';
import { serverFieldErrors, validateFields, type FieldErrors, type FormSchema } from './auth-form';
import { setSessionData } from './session';

/** After login or signup: remember the session, toast, then the dashboard. */
export function useSignedIn(): (session: MeResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setShow = useAppStore((s) => s.setShow);
  return async (session) => {
    setSessionData(queryClient, session);
    setShow('login', false);
    setShow('signup', false);
    void showToast(i18n.t('common:popups.signedIn'));
    await navigate('/dashboard');
  };
}

/**
 * A dialog's form: its values and their messages. Submitting checks the values with the
 * contract's schema, then sends them; a refusal's messages (a 400's issues) go under the fields.
 * A field's id is `<form>-<key>` ("login-password").
 */
export function useAuthForm<K extends string>(
  form: string,
  initial: Record<K, string>,
  schema: FormSchema,
  send: (values: Record<K, string>) => Promise<void>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields(schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await send(values);
    } catch (error) {
      setErrors(serverFieldErrors(error, Object.keys(initial) as K[]));
    } finally {
      setBusy(false);
    }
  };

  /** Each field's id, value, message and change handler, for `<Field {...fields.email} />`. */
  const fields = Object.fromEntries(
    (Object.keys(initial) as K[]).map((key) => [
      key,
      {
        id: `${form}-${key}`,
        value: values[key],
        error: errors[key],
        onChange: (value: string) => setValues((v) => ({ ...v, [key]: value })),
      },
    ]),
  ) as Record<K, { id: string; value: string; error: string | undefined; onChange: (value: string) => void }>;

  return { busy, submit, fields };
}
