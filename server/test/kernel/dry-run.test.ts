import { DryRunAnswer, dryRun } from '../../src/kernel/dry-run';
import { ApiError, TOO_LARGE } from '../../src/kernel/http-errors';
import { SERIAL_TAKEN, linesWriteRefusal } from '../../src/modules/inventory';

describe('dryRun', () => {
  it('returns the answer the workflow throws out, so that its transaction rolls back', async () => {
    const rolledBack: string[] = [];
    const answer = await dryRun<{ total: number }>(async () => {
      try {
        throw new DryRunAnswer({ total: 1250 });
      } catch (error) {
        rolledBack.push('transaction');
        throw error;
      }
    }, 'a deal check');
    expect(answer).toEqual({ total: 1250 });
    expect(rolledBack).toEqual(['transaction']);
  });

  it("passes the workflow's own refusals on, and calls a workflow that ends without an answer a bug", async () => {
    const refusal = new ApiError(400, { lines: ['This list may not be empty.'] });
    await expect(dryRun(() => Promise.reject(refusal), 'a deal check')).rejects.toBe(refusal);
    await expect(dryRun(() => Promise.resolve(42), 'a purchase check')).rejects.toThrow(
      'a purchase check ended without its answer',
    );
  });
});

describe('linesWriteRefusal', () => {
  const pgError = (code: string, constraint?: string) => Object.assign(new Error('db'), { code, constraint });

  it('answers a serial taken by a concurrent add at the lines, as a 400', () => {
    const answer = linesWriteRefusal(pgError('23505', 'items_shop_serial_key'));
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ statusCode: 400, body: { lines: [SERIAL_TAKEN] } });
  });

  it('answers a value beyond its money column with the given answer, TOO_LARGE by default', () => {
    expect(linesWriteRefusal(pgError('22003'))).toMatchObject({ statusCode: 400, body: TOO_LARGE });
    const own = { amount: ['Too much.'] };
    expect(linesWriteRefusal(pgError('22003'), own)).toMatchObject({ statusCode: 400, body: own });
  });

  it('leaves every other error as it was: another unique constraint, a refusal, a crash', () => {
    const other = pgError('23505', 'invoices_shop_number_key');
    expect(linesWriteRefusal(other)).toBe(other);
    const refusal = new ApiError(409, { detail: 'Sold.' });
    expect(linesWriteRefusal(refusal)).toBe(refusal);
    const crash = new TypeError('x is undefined');
    expect(linesWriteRefusal(crash)).toBe(crash);
  });
});
