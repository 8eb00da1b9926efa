import { vi } from 'vitest';

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
    const reply = !route ? { status: 404, body: { code: 404, msg: `no stub for ${req.method} ${req.path}` } } : typeof route === 'function' ? await route(req) : route;
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
