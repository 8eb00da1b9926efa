/**
 * Ant-style path patterns as Blade's API scopes use them: `**` any number of segments, `*` any characters
 * within one segment, `?` one character, `{name}` one segment. A leading `/api` is ignored on both sides,
 * since every route is served under it.
 */
export function stripApi(p: string): string {
  return p === '/api' ? '/' : p.startsWith('/api/') ? p.slice(4) : p;
}

export function antPattern(pattern: string): RegExp {
  const p = stripApi(pattern.trim());
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '*' && p[i + 1] === '*') {
      // "/**" also matches the bare prefix ("/blade-system/param/**" matches "/blade-system/param").
      if (re.endsWith('/')) re = `${re.slice(0, -1)}(?:/.*)?`;
      else re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = p.indexOf('}', i);
      re += '[^/]+';
      i = end < 0 ? p.length : end;
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** `path` is a request path; a query string is ignored. */
export const antMatch = (pattern: string, path: string) => antPattern(pattern).test(stripApi(path.split('?')[0]!));
