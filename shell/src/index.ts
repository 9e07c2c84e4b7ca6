// No async boundary: the shell is built without the federation plugin, so nothing waits for share
// negotiation and the app starts from this one chunk. Its copies of the shared libraries are handed to the
// federation runtime, a chunk of its own, when the first remote is needed (federation/federation-runtime.ts).
import './bootstrap';
