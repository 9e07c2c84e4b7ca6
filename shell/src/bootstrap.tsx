import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRemotesConfig, watchRemotesConfig } from './federation/remote-loader';
import { preloadSignedInChunk } from './layout/signed-in-chunk';

// Where the remotes live is read once, in parallel with the first render; a failure surfaces (and is retried)
// when a remote is actually needed.
loadRemotesConfig().catch(() => undefined);
// A remote deployed or rolled back while this page is open is picked up at the next visit to its area.
watchRemotesConfig();
// Any first URL but /login is most likely a signed-in screen: its frame is fetched beside the session check.
if (window.location.pathname !== '/login') preloadSignedInChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
