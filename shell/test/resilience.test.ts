import { TimeoutError, withRetries, withTimeout } from '../src/federation/resilience';

describe('withTimeout', () => {
  it('passes a prompt result through', async () => {
    await expect(withTimeout(Promise.resolve(7), 50, 'x')).resolves.toBe(7);
  });

  it('rejects with a TimeoutError when the work hangs', async () => {
    await expect(
      withTimeout(new Promise(() => undefined), 20, 'Loading remote_admin'),
    ).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('withRetries', () => {
  it('retries quick failures and returns the first success', async () => {
    const attempt = jest.fn(async (index: number) => {
      if (index < 2) throw new Error('network');
      return 'ok';
    });
    await expect(withRetries(attempt, { delays: [1, 1], deadline: Date.now() + 1000 })).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('gives up with the last error after the last retry', async () => {
    const attempt = jest.fn(async (index: number) => {
      throw new Error(`failure ${index}`);
    });
    await expect(withRetries(attempt, { delays: [1, 1], deadline: Date.now() + 1000 })).rejects.toThrow(
      'failure 2',
    );
  });

  it('does not retry past the deadline or after a timeout', async () => {
    const late = jest.fn(async () => {
      throw new Error('late');
    });
    await expect(withRetries(late, { delays: [500], deadline: Date.now() + 100 })).rejects.toThrow('late');
    expect(late).toHaveBeenCalledTimes(1);

    const hung = jest.fn(async () => {
      throw new TimeoutError('hung');
    });
    await expect(withRetries(hung, { delays: [1, 1], deadline: Date.now() + 1000 })).rejects.toThrow('hung');
    expect(hung).toHaveBeenCalledTimes(1);
  });
});
