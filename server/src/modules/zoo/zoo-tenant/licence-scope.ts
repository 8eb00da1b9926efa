import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthSpeciesInput } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { stockRows } from '../shared/stock';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';

const ts = zooTenantSpecies;

/**
 * Replaces the zoo's licence scope with `wanted` (runs as that zoo via asTenant). Kept species get their licence
 * data updated, new ones are added, dropped ones are logically deleted — unless the zoo still holds them:
 * withdrawing a licence does not make animals disappear, so that is refused with the count.
 */
export async function setLicenceScope(db: Tx, wanted: Array<z.output<typeof AuthSpeciesInput>>): Promise<void> {
  const current = await db.select({ id: ts.id, speciesId: ts.speciesId }).from(ts).where(eq(ts.isDeleted, 0));
  const keep = new Set(wanted.map((w) => w.speciesId));
  const dropped = current.filter((c) => !keep.has(c.speciesId));
  if (dropped.length) {
    const held = (await stockRows(db)).filter((r) => dropped.some((d) => d.speciesId === r.speciesId) && r.stock.totalQuantity > 0);
    if (held.length) {
      const names = await db
        .select({ id: zooSpecies.id, name: zooSpecies.speciesName })
        .from(zooSpecies)
        .where(
          inArray(
            zooSpecies.id,
            held.map((h) => h.speciesId),
          ),
        );
      const desc = held.map((h) => `${names.find((n) => n.id === h.speciesId)?.name ?? h.speciesId}(${h.stock.totalQuantity})`).join('、');
      throw new BizError(`该动物园仍存栏以下物种,不能取消授权: ${desc}`);
    }
    await db
      .update(ts)
      .set({ isDeleted: 1 })
      .where(and(eq(ts.isDeleted, 0), notInArray(ts.speciesId, [...keep, '0'])));
  }
  for (const w of wanted) {
    const licence = {
      licenceNo: w.licenceNo,
      issuingAuthority: w.issuingAuthority,
      validFrom: w.validFrom,
      validTo: w.validTo ?? null,
      approvedQuantity: w.approvedQuantity ?? null,
    };
    const existing = current.find((c) => c.speciesId === w.speciesId);
    if (existing) await db.update(ts).set(licence).where(eq(ts.id, existing.id));
    else await db.insert(ts).values({ speciesId: w.speciesId, ...licence });
  }
}
