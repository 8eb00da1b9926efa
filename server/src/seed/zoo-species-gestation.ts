/**
 * Gestation (mammals) or incubation (birds) in days by latin name, [shortest, longest]: the library's first values,
 * given to these species when the seed adds them; migration 0045 gave the same to a database that had them already.
 * The giant panda's window is wide because of delayed implantation. Sources: decision 0042 (张志和, 魏辅文 2006;
 * Wildt et al. 2006; Zhang H. et al., Reproduction 138 (2009); Glatston 2011 and EAZA Red Panda Best Practice
 * Guidelines; AZA Tiger Care Manual 2016; International Crane Foundation, Crane Husbandry). Curators correct them
 * on the species (library) or for their zoo (本园物种).
 */
/**
 * Breeding age in whole years by latin name (the season board's females of breeding age), the library's first values
 * as migration 0047 gave them: giant panda females first cycle at about 4–6 years, red panda 2, Amur tiger 3 (females
 * breed from 3–4), red-crowned crane 3 (sources in decision 0042).
 */
export const BREEDING_AGE_YEARS: Readonly<Record<string, number>> = {
  'Ailuropoda melanoleuca': 4,
  'Ailurus fulgens': 2,
  'Panthera tigris altaica': 3,
  'Grus japonensis': 3,
};

export const GESTATION_DAYS: Readonly<Record<string, readonly [number, number]>> = {
  'Ailuropoda melanoleuca': [83, 200],
  'Ailurus fulgens': [112, 158],
  'Panthera tigris altaica': [93, 111],
  'Grus japonensis': [29, 34],
};
