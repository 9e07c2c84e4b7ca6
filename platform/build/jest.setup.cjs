/* global beforeEach, window, document */
// react-router reads TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');
// findBy…/waitFor wait up to 3 s (under jest's 5 s a test) for what a test expects to appear (testing-library's
// default is 1 s): the CI runs suites side by side on two cores, where a first render with its queries has taken
// longer than a second (remote-inventory's item-catalogue test failed so in one run and passed alone). What
// must NOT appear is checked with queryBy… at once, so no test is weakened by the wait.
require('@testing-library/react').configure({ asyncUtilTimeout: 3000 });
require('./jest.dialog-polyfill.cjs');
// jsdom has no Pointer Capture API; sonner's toasts capture the pointer on press (to follow a swipe).
if (typeof window !== 'undefined' && !window.HTMLElement.prototype.setPointerCapture) {
  window.HTMLElement.prototype.setPointerCapture = () => undefined;
  window.HTMLElement.prototype.releasePointerCapture = () => undefined;
  window.HTMLElement.prototype.hasPointerCapture = () => false;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
