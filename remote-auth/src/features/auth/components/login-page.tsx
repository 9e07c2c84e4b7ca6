import { SignInScreen, usePageTitle } from '@loupe/platform';

/**
 * The primary /login screen. Its frame and form live in the platform, where the shell's fallback for an
 * unreachable remote-auth renders the very same ones.
 */
export function LoginPage() {
  usePageTitle('Sign in');
  return <SignInScreen subtitle="Your watch-intelligence dashboard" />;
}
