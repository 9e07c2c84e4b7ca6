import { SignInScreen, usePageTitle } from '@loupe/platform';

/**
 * /login when remote-auth's code cannot be loaded: one remote's outage must not lock every member of staff
 * out. It is the platform's sign-in screen, the one remote-auth's page renders; the note is deliberately
 * quiet (no alert), as the visitor can sign in all the same.
 */
export function SignInFallback() {
  usePageTitle('Sign in');
  return <SignInScreen subtitle="The full sign-in page could not be loaded; you can still sign in here." />;
}
