import { describe, expect, it } from 'vitest';
import { pinsActions } from './pin-actions';

describe('action column pinning', () => {
  it('pins on desktops, and on a tablet only an action column that leaves room for the data', () => {
    expect(pinsActions(1280, 580)).toBe(true);
    expect(pinsActions(992, 580)).toBe(true);
    expect(pinsActions(820, 200)).toBe(true);
    expect(pinsActions(820, 580)).toBe(false);
    expect(pinsActions(820, 300)).toBe(false);
  });
});
