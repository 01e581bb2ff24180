// English texts of the 'auth' namespace. Keys are the contract; tr/auth.ts must have the same.
export default {
  fields: {
    email: 'E-mail',
    login: 'E-mail or username',
    username: 'Username',
    password: 'Password',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
  },
  login: {
    title: 'Log in',
    submit: 'Log in',
    createAccount: 'Create an account',
    forgot: 'Forgot password?',
  },
  signup: {
    title: 'Create your account',
    form: 'Sign up',
    submit: 'Sign up',
    haveAccount: 'I have an account',
  },
  forgot: {
    title: 'Reset your password',
    intro: 'Enter the e-mail address of your account; we will send you a link.',
    send: 'Send the link',
    back: 'Back to log in',
    sent: 'If an account uses this address, we have sent it a link to choose a new password. The link works once, within one hour.',
  },
  reset: {
    title: 'Choose a new password',
    submit: 'Set the new password',
    passwordsDiffer: 'The two passwords differ.',
    success: 'Your password is changed. Log in with the new one.',
    error: 'Error',
  },
  validation: {
    login: 'Enter your e-mail address or username.',
    password: 'Enter your password.',
    currentPassword: 'Enter your current password.',
    resetLink: 'The reset link is invalid.',
    email: 'Enter a valid e-mail address, such as name@example.com.',
    username: 'A username has 3 to 32 letters, digits, "_", "-" or ".", and starts with a letter or digit.',
    passwordLength: 'A password has {{min}} to {{max}} characters.',
    passwordCommon: 'This password is on lists of common or leaked passwords; choose another one.',
    passwordPersonal: 'A password must not be your e-mail address or username.',
    required: 'This field is required.',
  },
};
