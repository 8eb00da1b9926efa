/**
 * The origins the server lets this app embed: the `frame-src` of the Content-Security-Policy it sends with
 * the page (configured by FRAME_ORIGINS). Reading the header keeps one source of truth: what the page accepts
 * is exactly what the browser will load.
 */
export async function frameOrigins(): Promise<string[]> {
  const res = await fetch('/', { method: 'HEAD', cache: 'no-store' });
  return parseFrameSrc(res.headers.get('content-security-policy') ?? '');
}

export function parseFrameSrc(csp: string): string[] {
  const directive = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src');
  return (directive?.slice(1) ?? []).filter((s) => /^https?:\/\//.test(s)).map((s) => new URL(s).origin);
}
