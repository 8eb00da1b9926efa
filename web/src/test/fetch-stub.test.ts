import { describe, expect, it } from 'vitest';
import { pageOf, stubDrift, stubFetch, wholeRow } from './fetch-stub';

const LIST = 'GET /api/blade-zoo/park/list';

/** What the checker says of one stubbed reply; taken out of stubDrift so this test's own afterEach passes. */
async function driftOf(reply: ReturnType<typeof pageOf>) {
  stubFetch({ [LIST]: reply });
  await fetch('/api/blade-zoo/park/list');
  return stubDrift.splice(0);
}

describe('stubbed replies are held to the contract', () => {
  it('passes a whole page of whole records', async () => {
    expect(await driftOf(pageOf([wholeRow(LIST, { id: '11', parkName: '主园区' })]))).toEqual([]);
  });

  it('fails a record that leaves out a field the contract requires', async () => {
    const drift = await driftOf(pageOf([{ id: '11', parkName: '主园区' }]));
    expect(drift.join('\n')).toMatch(/data\.records\.0\.createUser/);
  });

  it('fails a field of the wrong type, and a field the contract does not have', async () => {
    expect((await driftOf(pageOf([wholeRow(LIST, { id: 11 })]))).join('\n')).toMatch(/data\.records\.0\.id/);
    expect((await driftOf(pageOf([wholeRow(LIST, { id: '11', parkNmae: '主园区' })]))).join('\n')).toMatch(/parkNmae: not a field of the contract/);
  });

  it('fails a page without its envelope', async () => {
    const drift = await driftOf({ body: { code: 200, success: true, data: { records: [], total: 0 }, msg: '' } });
    expect(drift.join('\n')).toMatch(/data\.size/);
  });

  it('refuses a record for an endpoint that answers none', () => {
    expect(() => wholeRow('GET /api/no/such', {})).toThrow(/no endpoint/);
  });
});
