import * as contract from '@zoo/contract';
import type { Endpoint } from '@zoo/contract';
import { vi } from 'vitest';
import { contractRow } from './contract-row';

/** Every endpoint the contract exports (directly or inside a resource definition), by "METHOD /api/path". */
const endpoints = (() => {
  const found = new Map<string, Endpoint>();
  const seen = new Set<unknown>();
  const isEndpoint = (v: Record<string, unknown>): v is Endpoint & Record<string, unknown> =>
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.path === 'string' &&
    typeof (v.data as { safeParse?: unknown } | undefined)?.safeParse === 'function';
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || seen.has(v) || depth > 4) return;
    seen.add(v);
    // A zod schema is no place for endpoints.
    if ('_zod' in v) return;
    if (isEndpoint(v as Record<string, unknown>)) {
      const e = v as Endpoint;
      found.set(`${e.method} /api${e.path}`, e);
      return;
    }
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(contract, 0);
  return found;
})();
const templated = [...endpoints].filter(([k]) => k.includes('{')).map(([k, e]) => [new RegExp(`^${k.replace(/\{[^}]+\}/g, '[^/]+')}$`), e] as const);
export const endpointOf = (key: string) => endpoints.get(key) ?? templated.find(([re]) => re.test(key))?.[1];

/** Replies of this test that do not hold to the contract; test/setup.ts fails the test on any. */
export const stubDrift: string[] = [];

type Schema = {
  safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  _zod: { def: Record<string, any> };
};

/**
 * Where `value` departs from `schema` field by field (an unknown field is drift too): named paths for the
 * message before the whole reply is parsed.
 */
function drift(schema: Schema, value: unknown, at: string): string[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return value === undefined || (value === null && def.type === 'nullable') ? [] : drift(def.innerType, value, at);
    case 'pipe':
      return drift(def.in, value, at);
    case 'lazy':
      return drift(def.getter(), value, at);
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) break;
      const shape = def.shape as Record<string, Schema>;
      return Object.entries(value).flatMap(([k, v]) =>
        shape[k] ? drift(shape[k], v, `${at}.${k}`) : def.catchall ? [] : [`${at}.${k}: not a field of the contract`],
      );
    }
    case 'array':
      if (!Array.isArray(value)) break;
      return value.flatMap((v, i) => drift(def.element, v, `${at}.${i}`));
    case 'union': {
      if (schema.safeParse(value).success) return [];
      const each = (def.options as Schema[]).map((o) => drift(o, value, at));
      return each.some((d) => d.length === 0) ? [] : each.sort((a, b) => a.length - b.length)[0]!;
    }
  }
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${[at, ...i.path].join('.')}: ${i.message}`);
}

/**
 * Holds a successful reply to the endpoint's `data` schema (the whole body for a raw endpoint), as the server's
 * RESPONSE_CHECK holds its own answers: a stub written by hand may not answer what the server never would.
 */
function checkReply(key: string, reply: Reply) {
  if ((reply.status ?? 200) !== 200 || reply.body === undefined) return;
  // What the browser receives: the JSON text (a field set to undefined does not travel).
  const body = JSON.parse(JSON.stringify(reply.body)) as { code?: unknown; success?: unknown; data?: unknown; error?: unknown };
  const ep = endpointOf(key);
  if (!ep) return void stubDrift.push(`${key}: no endpoint of the contract answers this`);
  // Failures are not `data`: an R body's other codes, a raw (OAuth) body's `error`.
  if (typeof body !== 'object' || body === null || (ep.raw ? body.error !== undefined : body.code !== 200)) return;
  const found = drift(ep.data as unknown as Schema, ep.raw ? body : body.data, 'data');
  // Then the whole reply, as the client receives it: a field the contract requires and the stub leaves out is
  // drift too (contract-row.ts fills a record's fields a test does not read).
  if (!found.length) {
    const whole = (ep.data as unknown as Schema).safeParse(ep.raw ? body : body.data);
    if (!whole.success) found.push(...whole.error!.issues.map((i) => `${['data', ...i.path].join('.')}: ${i.message}`));
  }
  if (found.length) stubDrift.push(`${key}: the stub's reply is not the contract's data: ${found.join('; ')}`);
}

/** One request as the stubbed network saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
  signal?: AbortSignal | null;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** A route answers with a reply, or a function of the request ("METHOD /api/path" keys). */
export type Route = Reply | ((req: SeenRequest) => Reply | Promise<Reply>);

/** Stubs the network at fetch and records every call; unknown routes answer 404. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
      credentials: init.credentials,
      signal: init.signal,
    };
    calls.push(req);
    const route = routes[`${req.method} ${req.path}`];
    const reply = !route
      ? { status: 404, body: { code: 404, msg: `no stub for ${req.method} ${req.path}` } }
      : typeof route === 'function'
        ? await route(req)
        : route;
    if (route) checkReply(`${req.method} ${req.path}`, reply);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A whole record of what the endpoint ("GET /api/…") answers, from the fields a test gives (contract-row.ts). */
export function wholeRow<T extends Record<string, unknown>>(key: string, given: T) {
  const ep = endpointOf(key);
  if (!ep) throw new Error(`wholeRow: no endpoint of the contract answers ${key}`);
  return contractRow(ep, given);
}

export const ok = <T>(data: T): Reply => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

export const pageOf = <T>(records: T[], total = records.length, current = 1, size = 10) =>
  ok({
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    hitCount: false,
    countId: '',
    maxLimit: -1,
  });
