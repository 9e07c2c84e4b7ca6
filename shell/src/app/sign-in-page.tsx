import { SignInScreen, usePageTitle } from '@loupe/platform';

/**
 * /login, rendered by the shell itself: the first screen of every visit must not wait for a remote's
 * container (its manifest, entry and chunks were a fifth of /login's bytes), nor fail when remote-auth is
 * down. Its frame and form are the platform's; remote-auth keeps the account screens.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  return <SignInScreen subtitle="Your watch-intelligence dashboard" />;
}
