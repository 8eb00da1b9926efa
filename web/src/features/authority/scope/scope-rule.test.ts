import { describe, expect, it } from 'vitest';
import { parseRule, serializeRule } from './scope-rule';

describe('custom data-scope rule rows', () => {
  it('writes the conditions as the contract’s JSON, without a value for null checks and without blank rows', () => {
    const json = serializeRule([
      { column: 'category', op: 'in', value: '1,2' },
      { column: 'remark', op: 'notnull', value: 'x' },
      { column: ' ', op: 'eq', value: '' },
    ]);
    expect(JSON.parse(json)).toEqual([
      { column: 'category', op: 'in', value: '1,2' },
      { column: 'remark', op: 'notnull' },
    ]);
    expect(serializeRule([])).toBe('');
  });

  it('reads a single condition, an array and list values; text that is no rule gives no rows', () => {
    expect(parseRule('{"column":"createUser","op":"eq","value":"${userId}"}')).toEqual([{ column: 'createUser', op: 'eq', value: '${userId}' }]);
    expect(parseRule('[{"column":"sort","op":"in","value":[1,2]}]')).toEqual([{ column: 'sort', op: 'in', value: '1,2' }]);
    expect(parseRule('create_user = 1')).toEqual([]);
    expect(parseRule('')).toEqual([]);
  });
});
