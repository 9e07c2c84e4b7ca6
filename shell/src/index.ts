// No async boundary: every library the shell shares is eager (platform/build/federation.cjs), so nothing
// waits for share negotiation, and the app starts from this one chunk instead of fetching a second one after
// it. Remotes negotiate when they are loaded and find the shell's copies already provided.
import './bootstrap';
