/** The studbook's figures: species, list, summary, what-if, pairing advice, heatmap, one animal's figures. */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { studbookEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { pageOf } from '../../../platform/resource/paging';
import { zooAnimal } from '../zoo.tables';
import { kinshipAmong, kinshipOf, rankPairs } from './kinship';
import { ageYears, animalOf, labelOf, openStudbook, round, visible } from './studbook.service';
import { at, figuresOf, idx, parentText, rowsOf } from './studbook-view';

const DEFAULT_GENERATIONS = 3;
const DEFAULT_MAX_F = 1 / 16;
const DEFAULT_MIN_AGE = 2;

export function studbookFigureRoutes(app: FastifyInstance): void {
  // Species the caller can open: those of its own animals and those it keeps the studbook of (the platform: the
  // whole species library it curates).
  route(app, ep.species, async ({ db }) => {
    const rows = rowsOf<{ id: string; species_name: string; latin_name: string; reader: boolean }>(
      await db.execute(sql`select s.id::text, s.species_name, s.latin_name, zoo_studbook_reader(s.id) as reader from zoo_species s
        where s.is_deleted = 0 and (exists (select 1 from zoo_animal a where a.species_id = s.id and a.is_deleted = 0) or zoo_studbook_reader(s.id))
        order by s.species_name`),
    );
    return rows.map((r) => ({ speciesId: r.id, speciesName: r.species_name, latinName: r.latin_name, reader: Boolean(r.reader) }));
  });

  route(app, ep.list, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const kw = (query.keyword ?? '').trim().toLowerCase();
    const rows = sb.facts
      .filter((f) => visible(sb, f))
      .filter((f) => (query.alive === '1' ? f.alive : query.alive === '0' ? !f.alive : true))
      .filter((f) => !kw || [f.localNo, f.animalName, f.studbookNo, f.holderName].some((x) => x.toLowerCase().includes(kw)))
      .map((fact) => ({ fact, fig: figuresOf(sb, fact) }))
      // The living by MK rank first (the most valuable on top), then the others by birth date.
      .sort((a, b) => {
        const [x, y] = [a.fig.rank, b.fig.rank];
        return x && y ? x - y : x ? -1 : y ? 1 : (a.fact.birth ?? '').localeCompare(b.fact.birth ?? '');
      });
    const page = rows.slice((query.current - 1) * query.size, query.current * query.size);
    return pageOf(
      page.map(({ fact: f, fig }) => ({
        animalId: f.identity,
        recordId: f.recordId,
        studbookNo: f.studbookNo,
        localNo: f.localNo,
        animalName: f.animalName,
        label: labelOf(sb, f),
        sex: f.sex,
        birthDate: f.birth ?? '',
        alive: f.alive,
        holderTenantName: f.holderName,
        sire: parentText(sb, f.sire),
        dam: parentText(sb, f.dam),
        ...fig,
      })),
      rows.length,
      query,
    );
  });

  route(app, ep.summary, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const g = sb.gen.figures;
    return {
      living: g.living,
      founders: g.founders,
      gd: round(g.gd),
      fge: round(g.fge),
      fe: round(g.fe),
      meanF: round(g.meanF),
      meanMk: round(g.meanMk),
      total: sb.facts.length,
      reader: sb.reader,
    };
  });

  route(app, ep.kinship, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const a = animalOf(sb, query.a, '个体A');
    const b = animalOf(sb, query.b, '个体B');
    const k = kinshipOf(sb.gen.ped, sb.gen.inb, a.identity, b.identity);
    return { kinship: round(k), offspringF: round(k), aLabel: labelOf(sb, a), bLabel: labelOf(sb, b) };
  });

  route(app, ep.pairs, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const generations = query.generations ?? DEFAULT_GENERATIONS;
    const maxF = query.maxF ?? DEFAULT_MAX_F;
    const minAge = query.minAge ?? DEFAULT_MIN_AGE;
    const breeding = (i: number) => {
      const f = at(sb, i);
      if (!visible(sb, f)) return false;
      const age = ageYears(f.birth);
      return age === null || age >= minAge;
    };
    const pairs = rankPairs(sb.gen, { generations, maxF, breeding });
    const page = pairs.slice((query.current - 1) * query.size, query.current * query.size);
    const mkText = (x: number) => x.toFixed(4);
    return pageOf(
      page.map((p, k) => {
        const s = at(sb, p.sire);
        const d = at(sb, p.dam);
        const rank = (query.current - 1) * query.size + k + 1;
        const unknownAge = [s, d].filter((x) => !x.birth).map((x) => labelOf(sb, x));
        const reason =
          `MK 之和 ${mkText(p.mkSum)} = 父 ${mkText(sb.gen.mk[p.sire]!)} + 母 ${mkText(sb.gen.mk[p.dam]!)}(越低越优先);` +
          `后代 F ${mkText(p.offspringF)} ≤ 上限 ${mkText(maxF)}` +
          (generations > 0 ? `;${generations} 代内无共同祖先、互非祖先` : '') +
          (unknownAge.length ? `;${unknownAge.join('、')} 出生日期未知,未核对繁殖年龄` : '');
        return {
          rank,
          sireId: s.identity,
          damId: d.identity,
          sireLabel: labelOf(sb, s),
          damLabel: labelOf(sb, d),
          offspringF: round(p.offspringF),
          mkSum: round(p.mkSum),
          sireMk: round(sb.gen.mk[p.sire]!),
          damMk: round(sb.gen.mk[p.dam]!),
          reason,
        };
      }),
      pairs.length,
      query,
    );
  });

  route(app, ep.heatmap, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const limit = query.limit ?? 30;
    const living = sb.facts
      .filter((f) => f.alive && visible(sb, f))
      .map((f) => idx(sb, f))
      .sort((a, b) => sb.gen.rank[a]! - sb.gen.rank[b]!)
      .slice(0, limit);
    const values = kinshipAmong(sb.gen, living).map((row) => row.map(round));
    return { ids: living.map((i) => sb.gen.ped.ids[i]!), labels: living.map((i) => labelOf(sb, at(sb, i))), values };
  });

  route(app, ep.animal, async ({ db, query }) => {
    const [rec] = await db
      .select({ id: zooAnimal.id, speciesId: zooAnimal.speciesId, identityId: zooAnimal.identityId })
      .from(zooAnimal)
      .where(and(eq(zooAnimal.id, query.id), eq(zooAnimal.isDeleted, 0)));
    if (!rec) throw new BizError('个体不存在');
    const sb = await openStudbook(db, rec.speciesId);
    const f = sb.byIdentity.get(rec.identityId ?? rec.id)!;
    return { animalId: f.identity, speciesId: rec.speciesId, ...figuresOf(sb, f), living: sb.gen.figures.living };
  });
}
