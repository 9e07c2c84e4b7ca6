// The browser suite's order: jest's own (on a fresh clone, with no timings cached, the largest files first), but
// every-route.test.ts first of all. Its layout check judges every route with the demo data and the widest rows it
// makes itself; rows other files leave behind (generated 18–26-character serials on consignment and check-out,
// generated client names on the compliance report) would otherwise be judged too, or not, depending on the order
// jest happened to choose — a fresh-clone run of 27 November 2026 failed on exactly that, as a CI run of 26 November
// did.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = /[\\/]every-route\.test\.ts$/;

/** @typedef {Parameters<Sequencer['sort']>[0]} Tests */

class EveryRouteFirst extends Sequencer {
  /**
   * @override
   * @param {Tests} tests
   * @returns {ReturnType<Sequencer['sort']>}
   */
  sort(tests) {
    const sorted = super.sort(tests);
    /** @param {Tests} list */
    const order = (list) => [
      ...list.filter((t) => FIRST.test(t.path)),
      ...list.filter((t) => !FIRST.test(t.path)),
    ];
    return sorted instanceof Promise ? sorted.then(order) : order(sorted);
  }
}

module.exports = EveryRouteFirst;
