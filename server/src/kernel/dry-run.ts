/**
 * A workflow's check (a deal's or a purchase's "what would this come to?"): the workflow runs in its own
 * transaction the whole way to the answer, which it throws out as a DryRunAnswer, so that every row it wrote is
 * rolled back. The answer is then the check's result.
 */
export class DryRunAnswer<T> extends Error {
  constructor(readonly answer: T) {
    super('dry run');
  }
}

/** Runs `workflow` for its DryRunAnswer; a workflow that ends without one is a bug, and says so. */
export async function dryRun<T>(workflow: () => Promise<unknown>, what: string): Promise<T> {
  try {
    await workflow();
  } catch (error) {
    if (error instanceof DryRunAnswer) return error.answer as T;
    throw error;
  }
  throw new Error(`${what} ended without its answer`);
}
