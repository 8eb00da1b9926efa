import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { zooSpecies, zooTaxonomy } from '../modules/zoo/zoo.tables';
import { seedSpeciesComfort } from './zoo-species-comfort';
import { BREEDING_AGE_YEARS, GESTATION_DAYS } from './zoo-species-gestation';
import { STARTER_SPECIES, TAXON_CN } from './zoo-species-data';

const TAXON_SOURCE = 'domain.md §4 初始物种表 (中文阶元名来自背景知识,待核对)';
const AUTHORITY = { fisheries: 2, forestry: 1 } as const;

/**
 * The platform part of the zoo registry: the taxonomy of the starter list and its 46 species, inserted when
 * missing (keyed by Latin name), never overwritten — administrators may have corrected them since.
 */
export async function seedZooPlatform(tx: Tx): Promise<void> {
  const taxa = await tx.select().from(zooTaxonomy).where(eq(zooTaxonomy.isDeleted, 0));
  const have = new Map(taxa.map((t) => [`${t.parentId}|${t.nameLatin}`, t.id]));
  let sort = taxa.length;
  const ensure = async (parentId: string, rank: number, nameLatin: string, nameCn: string, remark = ''): Promise<string> => {
    const key = `${parentId}|${nameLatin}`;
    const found = have.get(key);
    if (found) return found;
    const [row] = await tx
      .insert(zooTaxonomy)
      .values({ parentId, rank, nameLatin, nameCn, sort: ++sort, source: TAXON_SOURCE, remark })
      .returning({ id: zooTaxonomy.id });
    have.set(key, row!.id);
    return row!.id;
  };

  const species = await tx.select({ latin: zooSpecies.latinName }).from(zooSpecies).where(eq(zooSpecies.isDeleted, 0));
  const known = new Set(species.map((s) => s.latin));

  for (const [no, cn, latin, cls, order, family, national, cites, iucn, iucnYear, conf, remark, mode] of STARTER_SPECIES) {
    const classId = await ensure('0', 1, cls, TAXON_CN[cls]!);
    const orderId = await ensure(classId, 2, order, TAXON_CN[order]!);
    const familyId = await ensure(orderId, 3, family, TAXON_CN[family]!, family === 'Ursidae' ? '部分中文名录将大熊猫置于大熊猫科 Ailuropodidae' : '');
    const words = latin.split(' ');
    const genusId = await ensure(familyId, 4, words[0]!, TAXON_CN[words[0]!]!);
    const binomial = words.slice(0, 2).join(' ');
    const speciesId = await ensure(genusId, 5, binomial, words.length > 2 ? TAXON_CN[binomial]! : cn);
    const taxonId = words.length > 2 ? await ensure(speciesId, 6, latin, cn) : speciesId;
    if (known.has(latin)) continue;
    const verified = conf === '✓';
    const gestation = GESTATION_DAYS[latin];
    await tx.insert(zooSpecies).values({
      speciesName: cn,
      latinName: latin,
      taxonomyId: taxonId,
      protectionClass: national.startsWith('II') ? 2 : 1,
      protectionAuthority: national.endsWith('*') ? AUTHORITY.fisheries : AUTHORITY.forestry,
      protectionRemark: remark,
      citesAppendix: cites,
      iucnCategory: iucn,
      iucnYear,
      managementMode: mode ?? 1,
      gestationMinDays: gestation?.[0] ?? null,
      gestationMaxDays: gestation?.[1] ?? null,
      breedingAgeYears: BREEDING_AGE_YEARS[latin] ?? null,
      source: verified ? 'verified' : 'unverified',
      sourceNote: verified
        ? `domain.md §4 初始物种表第${no}行:至少一项经公开来源核实,其余取值仍须核对2021年国家重点保护名录、CITES附录与IUCN红色名录`
        : `domain.md §4 初始物种表第${no}行:全部取值来自背景知识,上线前须核对2021年国家重点保护名录、CITES附录与IUCN红色名录`,
    });
  }
  await seedSpeciesComfort(tx);
}

/** Species ids by Latin name (for the demo seed). */
export async function speciesIdsByLatin(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: zooSpecies.id, latin: zooSpecies.latinName })
    .from(zooSpecies)
    .where(and(eq(zooSpecies.isDeleted, 0)));
  return new Map(rows.map((r) => [r.latin, r.id]));
}
