/** Time limits and retries for loading remote code, kept free of federation so they can be tested alone. */

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Rejects after `ms` if `promise` has not settled; the caller decides what to show meanwhile. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt(0)`, and on failure `attempt(1)`, … after the given pauses: a dropped connection or a deploy
 * caught half-way usually succeeds a moment later. Gives up (with the last error) once `deadline` has passed,
 * after a timeout, or on an error `permanent` recognises (asking again would get the same answer).
 */
export async function withRetries<T>(
  attempt: (index: number) => Promise<T>,
  {
    delays,
    deadline,
    permanent = () => false,
  }: { delays: readonly number[]; deadline: number; permanent?: (error: unknown) => boolean },
): Promise<T> {
  let lastError: unknown;
  for (let index = 0; index <= delays.length; index++) {
    if (index > 0) {
      const pause = delays[index - 1] ?? 0;
      if (Date.now() + pause >= deadline) break;
      await sleep(pause);
    }
    try {
      return await attempt(index);
    } catch (error) {
      lastError = error;
      if (error instanceof TimeoutError || permanent(error)) break;
    }
  }
  throw lastError;
}
