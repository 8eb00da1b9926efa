/**
 * Pedigree genetics of one species (decision 0037): kinship (coancestry), F, mean kinship, gene diversity,
 * founder genome equivalents, founder contributions, % pedigree known and pairing advice. Pure: no I/O.
 *
 * Definitions (Falconer & Mackay 1996 ch. 5; Lacy 1989, 1995; Ballou & Lacy 1995; PMx, Lacy et al. 2012):
 * kinship f(i,j) = probability that alleles drawn one from each are identical by descent; F_i = f(sire, dam);
 * f(i,i) = ½(1 + F_i). UNK and WILD parents are unrelated, non-inbred founders; a MULT parent is the weighted
 * mean of its candidates. MK_i = mean of f(i,j) over the N living j, self included; GD = 1 − mean MK;
 * FGE = 1 / (2 · mean MK).
 *
 * Method: animals renumbered parents-first; A = T D Tᵗ (additive relationship, a = 2f) with T the gene-flow
 * matrix and D the Mendelian-sampling variances. F comes from one Colleau product per distinct sire
 * (Sargolzaei et al. 2005), MK and kinship columns from Colleau's (2002) indirect product A·x in O(n), a what-if
 * from Quaas' L-row over the two animals' ancestors. No n² matrix.
 *
 * This file is the module's public face; the computation is split by concern into pedigree.ts, inbreeding.ts,
 * population.ts and pairs.ts.
 */
export { compilePedigree, PedigreeError, type ParentInput, type Pedigree, type PedigreeAnimal } from './pedigree';
export { inbreeding, kinshipOf, multiplyA, relationship, Scratch, type Inbreeding } from './inbreeding';
export { analyse, percentKnown, type Genetics, type PopulationFigures } from './population';
export { ancestorsWithin, kinshipAmong, rankPairs, type Pair, type PairOptions } from './pairs';
