import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { blankNulls, STRUCTURAL } from './envelope';

/**
 * Response bodies go out as their route's contract declares them: objects carry the schema's own keys and nothing
 * else (a handler's extra column, a held-heads counter, an audit stamp stays in the server), arrays and records
 * their items likewise, and nulls are written "" in the same walk (blankNulls, envelope.ts: the preSerialization
 * hook leaves these bodies to it). The projection is built once per route from the schema; it re-checks no values.
 *
 * `checked` (tests, development; RESPONSE_CHECK): every body is also encoded through the schema, and the request
 * fails unless the two agree — a value of the wrong type, a missing field, a transform the projection does not
 * make. So the suite proves on every response it reads what production then trusts: encoding a list page through
 * zod on every call was a tenth of its server time (docs/decisions/0035).
 */
export function responseSerializer(mode: 'checked' | 'trusted'): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const project = projector(schema);
    if (mode === 'trusted') return (data) => JSON.stringify(project(data));
    return (data) => {
      const sent = JSON.stringify(project(data));
      // What the client reads is the body with its nulls blanked: that is what the contract describes.
      const result = schema.safeEncode(blankNulls(data));
      if (!result.success) throw new Error(`${method} ${url}: the response does not match its contract: ${result.error.message}`);
      // Compared as JSON (key order aside): what the client would read either way.
      const differences = diffOf(JSON.parse(sent), JSON.parse(JSON.stringify(result.data)));
      if (differences.length) throw new Error(`${method} ${url}: the response differs from its contract's encoding: ${differences.join('; ')}`);
      return sent;
    };
  };
}

type Project = (value: unknown) => unknown;
/** What has no schema to follow (scalars, unions, pipes, loose objects): as built, nulls blanked. */
const blank: Project = blankNulls;
const built = new WeakMap<object, Project>();

/** The projection of one schema (cached: shared item schemas and recursive trees are built once). */
function projector(schema: z.ZodType): Project {
  const known = built.get(schema);
  if (known) return known;
  // A placeholder first, so a schema that contains itself (a tree's children) refers to the finished projection.
  let done: Project = blank;
  built.set(schema, (v) => done(v));
  done = build(schema);
  built.set(schema, done);
  return done;
}

/** Objects the projection rebuilds: plain ones (blankNulls leaves others, dates say, as they are). */
const plain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && v.constructor === Object;

function build(schema: z.ZodType): Project {
  // The one place the server reads a library's inside: `_zod.def`, the definition zod 4 exposes for tools that walk
  // schemas (zod's "for library authors" documentation; checked against zod 4.6.7). The schema types say nothing
  // of it, hence the cast.
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      // A loose object (catchall) keeps what it does not declare: nothing to take away.
      if (def.catchall && (def.catchall as { _zod: { def: { type: string } } })._zod.def.type !== 'never') return blank;
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const parts = keys.map((k) => projector(shape[k]!));
      // One object literal per schema, written out once: every record gets the same shape (a loop adding keys one
      // by one cost more than the JSON writing). Nulls are blanked as blankNulls does (envelope.ts): a key the
      // record holds as null or undefined is written "", a key it lacks (or a tree's undefined structure) is left
      // undefined, which JSON leaves out.
      const body = keys
        .map((k, i) => {
          const key = JSON.stringify(k);
          const missing = STRUCTURAL.has(k) ? 'undefined' : `(${key} in s ? "" : undefined)`;
          const value = parts[i] === blank ? `(typeof x === "object" ? b(x) : x)` : `p[${i}](x)`;
          return `${key}: (x = s[${key}]) === undefined ? ${missing} : x === null ? "" : ${value}`;
        })
        .join(',\n');
      const literal = new Function('p', 'b', `return (s) => { let x; return {\n${body}\n}; };`)(parts, blankNulls) as Project;
      return (v) => (plain(v) ? literal(v) : blankNulls(v));
    }
    case 'array': {
      const item = projector(def.element as z.ZodType);
      return item === blank ? blank : (v) => (Array.isArray(v) ? v.map((x) => (x === null || x === undefined ? '' : item(x))) : blankNulls(v));
    }
    case 'record': {
      const value = projector(def.valueType as z.ZodType);
      if (value === blank) return blank;
      return (v) => {
        if (!plain(v)) return blankNulls(v);
        const out: Record<string, unknown> = {};
        for (const k in v) {
          const x = v[k];
          out[k] = x === null || x === undefined ? '' : value(x);
        }
        return out;
      };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const inner = projector(def.innerType as z.ZodType);
      return inner === blank ? blank : (v) => (v === null || v === undefined ? '' : inner(v));
    }
    case 'lazy':
      return (v) => projector((def.getter as () => z.ZodType)())(v);
    default:
      // Scalars, unions, pipes: as built (the checked mode compares them with the contract's encoding).
      return blank;
  }
}

/** Where the body as sent and as its contract encodes it differ (path: sent -> encoded), at most five places. */
function diffOf(a: unknown, b: unknown, at = ''): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => diffOf((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`)).slice(0, 5);
  }
  return [`${at || '.'}: ${JSON.stringify(a)?.slice(0, 60)} -> ${JSON.stringify(b)?.slice(0, 60)}`];
}
