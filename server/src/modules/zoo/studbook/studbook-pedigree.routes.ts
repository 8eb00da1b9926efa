/** The pedigree chart of one animal: nodes and edges over N generations, UNK/WILD as leaf nodes, MULT edges weighted. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { studbookEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { animalOf, labelOf, openStudbook, round, type Fact } from './studbook.service';
import { idx, rowsOf } from './studbook-view';

export function studbookPedigreeRoutes(app: FastifyInstance): void {
  route(app, ep.pedigree, async ({ db, query }) => {
    // The animal's species: the caller's own record, or (a reader's) any identity of a species it can open.
    const own = rowsOf<{ species_id: string }>(
      await db.execute(
        sql`select species_id::text from zoo_animal where (id = ${query.id}::bigint or identity_id = ${query.id}::bigint) and is_deleted = 0 limit 1`,
      ),
    );
    let speciesId = own[0]?.species_id;
    if (!speciesId) {
      const r = rowsOf<{ species_id: string }>(await db.execute(sql`select species_id::text from zoo_identity_facts(${query.id}::bigint)`));
      speciesId = r[0]?.species_id;
    }
    if (!speciesId) throw new BizError('个体不存在');
    const sb = await openStudbook(db, String(speciesId));
    const root = animalOf(sb, query.id);
    const gens = query.generations ?? 4;
    const nodes = new Map<string, { id: string; label: string; sex: number; alive: boolean; f: number; generation: number; kind: string }>();
    const edges: Array<{ from: string; to: string; role: string; weight: number }> = [];
    const add = (f: Fact, generation: number) => {
      if (!nodes.has(f.identity))
        nodes.set(f.identity, {
          id: f.identity,
          label: labelOf(sb, f),
          sex: f.sex,
          alive: f.alive,
          f: round(sb.gen.inb.f[idx(sb, f)]!),
          generation,
          kind: 'animal',
        });
    };
    add(root, 0);
    let front = [root];
    for (let g = 1; g <= gens && front.length; g++) {
      const next: Fact[] = [];
      for (const child of front)
        for (const [role, p] of [
          ['sire', child.sire],
          ['dam', child.dam],
        ] as const) {
          if (p.kind === 'animal' || p.kind === 'mult') {
            const list = p.kind === 'animal' ? [{ id: p.id, w: 1 }] : p.candidates.map((c) => ({ id: c.id, w: c.w ?? 1 / p.candidates.length }));
            const sum = list.reduce((s, c) => s + (c.w ?? 0), 0) || 1;
            for (const c of list) {
              const f = sb.byIdentity.get(c.id);
              if (!f) continue;
              if (!nodes.has(f.identity)) next.push(f);
              add(f, g);
              edges.push({ from: f.identity, to: child.identity, role: p.kind === 'mult' ? `${role}-mult` : role, weight: round((c.w ?? 0) / sum) });
            }
          } else {
            const id = `${child.identity}-${role}-${p.kind}`;
            nodes.set(id, { id, label: p.kind.toUpperCase(), sex: role === 'sire' ? 1 : 2, alive: false, f: 0, generation: g, kind: p.kind });
            edges.push({ from: id, to: child.identity, role, weight: 1 });
          }
        }
      front = next;
    }
    return { nodes: [...nodes.values()], edges };
  });
}
