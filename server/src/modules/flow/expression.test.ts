import { describe, expect, it } from 'vitest';
import { evaluate, resolve } from './expression';

describe('flow expressions', () => {
  const vars = { pass: true, days: 5, taskUser: 'taskUser_12', o: { n: 2 }, s: '' };
  it('evaluates JUEL-like conditions over variables', () => {
    expect(resolve('${pass}', vars)).toBe(true);
    expect(resolve('${!pass}', vars)).toBe(false);
    expect(resolve('${days > 3 && pass}', vars)).toBe(true);
    expect(resolve('${days le 3 or not pass}', vars)).toBe(false);
    expect(resolve('${days == "5"}', vars)).toBe(true);
    expect(resolve('${o.n * 2 + 1}', vars)).toBe(5);
    expect(resolve('${empty s}', vars)).toBe(true);
    expect(resolve('${taskUser}', vars)).toBe('taskUser_12');
    expect(resolve('user ${days}', vars)).toBe('user 5');
    expect(evaluate('(1 + 2) * 3 == 9', {})).toBe(true);
    expect(evaluate('1 + 2 * 3', {})).toBe(7);
  });
  it('runs no code and reaches no prototype', () => {
    expect(() => resolve('${constructor.constructor("return process")()}', vars)).toThrow();
    expect(() => resolve('${o.__proto__}', vars)).toThrow();
    expect(resolve('${toString}', vars)).toBeUndefined();
    expect(() => resolve('${process.exit(1)}', vars)).toThrow();
    expect(() => resolve('${a; b}', vars)).toThrow();
  });
});
