import { Suspense, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';

// The dialog carries the contract validators (zod): loaded only when a reset link is opened.
const PasswordResetDialog = lazy(() => import('./password-reset-dialog'));

/** On `/?reset=TOKEN` (the link of a password-reset e-mail): the "Choose a new password" dialog. */
export function PasswordResetHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = location.pathname === '/' ? new URLSearchParams(location.search).get('reset') : null;
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <PasswordResetDialog
        token={token}
        onClose={() => void navigate('/', { replace: true })}
        onDone={() => useAppStore.getState().setShow('login', true)}
      />
    </Suspense>
  );
}
