import { SignInScreen, usePageTitle } from '@loupe/platform';
import { preloadSignedInChunk } from '../layout/signed-in-chunk';

/**
 * /login, rendered by the shell itself: the first screen of every visit must not wait for a remote's
 * container (its manifest, entry and chunks were a fifth of /login's bytes), nor fail when remote-auth is
 * down. Its frame and form are the platform's; remote-auth keeps the account screens. Sending the form also
 * fetches the signed-in screens (layout/signed-in-chunk.ts), which /login's first load leaves out, while the
 * sign-in itself is on its way.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  return (
    // Capture: the form's own handler may stop the event; this only starts a fetch, whatever the form decides.
    <div onSubmitCapture={preloadSignedInChunk}>
      <SignInScreen subtitle="Your watch-intelligence dashboard" />
    </div>
  );
}
