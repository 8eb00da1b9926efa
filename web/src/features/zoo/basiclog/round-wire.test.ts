import { basicLog, basicLogEndpoints, dietEndpoints, type Endpoint } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { roundWire } from './round-wire';

const wireOf = (e: Endpoint) => ({ method: e.method, path: e.path, raw: e.raw });

describe("the round's zod-free copies of the contract", () => {
  it('match the contract exactly', () => {
    expect(wireOf(roundWire.round)).toEqual(wireOf(basicLogEndpoints.round));
    expect(wireOf(roundWire.feedings)).toEqual(wireOf(dietEndpoints.feedings));
    expect(roundWire.perms).toEqual({ add: basicLog.perms.add, edit: basicLog.perms.edit });
  });
});
