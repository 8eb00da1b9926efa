import { afterEach, describe, expect, it, vi } from 'vitest';
import { chinaDay } from './china-day';

describe('chinaDay', () => {
  afterEach(() => vi.useRealTimers());
  it("is China's date, not the browser's: from 16:00 UTC it is already tomorrow", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T15:59:59Z'));
    expect(chinaDay().format('YYYY-MM-DD')).toBe('2026-11-24');
    vi.setSystemTime(new Date('2026-11-24T16:00:00Z'));
    expect(chinaDay().format('YYYY-MM-DD')).toBe('2026-11-25');
  });
});
