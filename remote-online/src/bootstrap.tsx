// Development only (the production build has no app entry): mounts this remote's routes in the dev harness.
import { createRoot } from 'react-dom/client';
import routes from './routes';
import { DevHarness } from '@loupe/platform/src/dev-harness';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<DevHarness name="Online" routes={routes} />);
