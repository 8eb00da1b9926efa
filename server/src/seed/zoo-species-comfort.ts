import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Comfort ranges of the demo zoo's species (℃ min, ℃ max, % humidity min, % max): plausible husbandry values
 * for the animals' enclosures, from general keeping experience, to be confirmed by each zoo's veterinarians.
 * The humiture chart draws them and the ingestion raises alarms outside them (decision 0024).
 */
export const SPECIES_COMFORT: Record<string, [number, number, number, number]> = {
  'Ailuropoda melanoleuca': [0, 26, 40, 80],
  'Ailurus fulgens': [-5, 24, 40, 80],
  'Panthera tigris altaica': [-25, 28, 30, 85],
  'Panthera uncia': [-25, 22, 20, 75],
  'Rhinopithecus roxellana': [-5, 28, 40, 85],
  'Grus japonensis': [-20, 32, 30, 90],
  'Macaca mulatta': [0, 32, 40, 90],
  'Cervus nippon': [-20, 30, 30, 90],
  'Crossoptilon mantchuricum': [-20, 28, 30, 85],
  'Syrmaticus reevesii': [-10, 30, 40, 85],
  'Alligator sinensis': [18, 32, 60, 95],
};

/** Fills the ranges of species that have none yet (an edited range is never overwritten). */
export async function seedSpeciesComfort(tx: Tx): Promise<void> {
  for (const [latin, [tmin, tmax, hmin, hmax]] of Object.entries(SPECIES_COMFORT))
    await tx.execute(sql`
      update zoo_species set temp_min = ${tmin}, temp_max = ${tmax}, humidity_min = ${hmin}, humidity_max = ${hmax}
       where latin_name = ${latin} and is_deleted = 0 and temp_min is null and temp_max is null and humidity_min is null and humidity_max is null`);
}
