/** Login, sign-up, password reset and conference pages. */
export const account = {
  register: { title: 'Sign up' },
  resetPassword: { title: 'Reset password' },
  conference: { title: 'Conference' },
  login: {
    title: 'Log in',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    forgot: 'Forgot password',
    required: 'Required',
  },
};
