// The sign-in dialogs, loaded with the landing page: login (with "forgot password") and signup.
import { LoginDialog } from './login-dialog';
import { SignupDialog } from './signup-dialog';

export { LoginDialog, SignupDialog };

export default function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <SignupDialog />
    </>
  );
}
