/**
 * Loads `load` together with zod switched to jitless mode. Zod probes `new Function('')` before its first object
 * parse to decide whether it may compile fast parsers; under our Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that probe is a CSP violation the browser reports (as is compiling, if a probe were skipped). Jitless zod never probes. Screens that
 * validate with the contract load through this; the login and home pages do not need zod at all.
 */
export function withJitlessZod<T>(load: () => Promise<T>): () => Promise<T> {
  // In sequence: zod reads the setting when a schema is built, and the screen's modules build theirs on import.
  return () => import('zod').then(({ z }) => z.config({ jitless: true })).then(load);
}
