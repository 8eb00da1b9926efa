import { describe, expect, it } from 'vitest';
import { parseFrameSrc } from './frame-origins';

describe('frame origins from the CSP', () => {
  it('reads the http(s) origins of frame-src, nothing else', () => {
    expect(parseFrameSrc("default-src 'self';frame-src https://bi.example.org http://10.0.0.5:8080;frame-ancestors 'none'")).toEqual([
      'https://bi.example.org',
      'http://10.0.0.5:8080',
    ]);
    expect(parseFrameSrc("default-src 'self';frame-src 'none'")).toEqual([]);
    expect(parseFrameSrc('')).toEqual([]);
  });
});
