/**
 * Weight-based dose arithmetic (decision 0038): dose mg = mg/kg × kg; amount = dose mg ÷ concentration (mg/mL, or mg
 * per tablet). Computed on scaled integers — no floating point — and rounded half up once per figure from the
 * unrounded dose: mg to 0.01, mL to 0.01, tablets to the nearest quarter. Shared by the server (what is saved) and
 * the web form (what the vet sees before saving).
 */

/** Decimal places each input may carry (the contract refuses more). */
export const DOSE_RATE_PLACES = 4;
export const WEIGHT_KG_PLACES = 4;
export const CONCENTRATION_PLACES = 4;

/** 1 mg/mL (liquids: the amount is in mL), 2 mg per tablet (the amount is in tablets). */
export const CONCENTRATION_UNITS = [1, 2] as const;
export type ConcentrationUnit = (typeof CONCENTRATION_UNITS)[number];

/** Whether `n` has at most `places` decimals (what a scaled integer can hold exactly). */
export const hasPlaces = (n: number, places: number) => Number.isFinite(n) && Math.abs(Number(n.toFixed(places)) - n) < 1e-12 * Math.max(1, Math.abs(n));

const scaled = (n: number, places: number): bigint => BigInt(n.toFixed(places).replace('.', ''));
/** num ÷ den rounded half up (both ≥ 0, den > 0). */
const divHalfUp = (num: bigint, den: bigint): bigint => (BigInt(2) * num + den) / (BigInt(2) * den);
const pow10 = (k: number): bigint => BigInt(10) ** BigInt(k);

export interface DoseInput {
  /** Dose rate, mg/kg. */
  mgPerKg: number;
  /** Body weight, kg. */
  weightKg: number;
  /** mg/mL or mg per tablet; null when the drug has none (then no amount). */
  concentration: number | null;
  concentrationUnit: ConcentrationUnit;
}

export interface DoseResult {
  doseMg: number;
  /** mL (unit 1) or tablets (unit 2); null without a concentration. */
  amount: number | null;
}

export function computeDose(i: DoseInput): DoseResult {
  // mg × 10^(4+4): the exact product of the scaled rate and weight.
  const product = scaled(i.mgPerKg, DOSE_RATE_PLACES) * scaled(i.weightKg, WEIGHT_KG_PLACES);
  const productPlaces = DOSE_RATE_PLACES + WEIGHT_KG_PLACES;
  const doseCenti = divHalfUp(product, pow10(productPlaces - 2));
  let amount: number | null = null;
  if (i.concentration !== null && i.concentration > 0) {
    const conc = scaled(i.concentration, CONCENTRATION_PLACES);
    // amount = (product / 10^8) / (conc / 10^4) = product / (conc × 10^4)
    const den = conc * pow10(productPlaces - CONCENTRATION_PLACES);
    amount = i.concentrationUnit === 2 ? Number(divHalfUp(product * BigInt(4), den)) / 4 : Number(divHalfUp(product * BigInt(100), den)) / 100;
  }
  return { doseMg: Number(doseCenti) / 100, amount };
}

export interface DoseRange {
  doseMin: number | null;
  doseMax: number | null;
  /** Ceiling mg per administration. */
  maxDoseMg: number | null;
  /** The species or taxon whose own range this is ('' for the drug's default range). */
  scope?: string;
}

/** Why a dose is outside the formulary's range (Chinese, shown to the vet), or '' when it is inside. */
export function outOfRangeReason(mgPerKg: number, doseMg: number, r: DoseRange): string {
  const rate = scaled(mgPerKg, DOSE_RATE_PLACES);
  const below = r.doseMin !== null && rate < scaled(r.doseMin, DOSE_RATE_PLACES);
  const above = r.doseMax !== null && rate > scaled(r.doseMax, DOSE_RATE_PLACES);
  if (below || above) {
    const range = r.doseMin !== null && r.doseMax !== null ? `${r.doseMin}–${r.doseMax}` : r.doseMin !== null ? `≥ ${r.doseMin}` : `≤ ${r.doseMax}`;
    return `剂量 ${mgPerKg} mg/kg 超出药品目录${r.scope ? `中「${r.scope}」的` : ''}范围 ${range} mg/kg`;
  }
  if (r.maxDoseMg !== null && doseMg > r.maxDoseMg) return `剂量 ${doseMg} mg 超过药品目录单次上限 ${r.maxDoseMg} mg`;
  return '';
}
