/**
 * Gestation (mammals) or incubation (birds) in days by latin name, [shortest, longest]: the library's first values,
 * given to these species when the seed adds them; migration 0045 gave the same to a database that had them already.
 * The giant panda's window is wide because of delayed implantation. Sources: decision 0042 (张志和, 魏辅文 2006;
 * Wildt et al. 2006; Zhang H. et al., Reproduction 138 (2009); Glatston 2011 and EAZA Red Panda Best Practice
 * Guidelines; AZA Tiger Care Manual 2016; International Crane Foundation, Crane Husbandry). Curators correct them
 * on the species (library) or for their zoo (本园物种).
 */
export const GESTATION_DAYS: Readonly<Record<string, readonly [number, number]>> = {
  'Ailuropoda melanoleuca': [83, 200],
  'Ailurus fulgens': [112, 158],
  'Panthera tigris altaica': [93, 111],
  'Grus japonensis': [29, 34],
};
