import './state';

export default async function globalTeardown(): Promise<void> {
  const app = globalThis.__loupeE2eApp;
  globalThis.__loupeE2eApp = undefined;
  if (app) await app.stop();
}
