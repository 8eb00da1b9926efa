import { animal, cageViewEndpoints, population } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** What a cage holds, browse only: its in-stock animals (cageAnimal) … */
export const cageAnimalsPage = (cageId: string) =>
  defineCrudPage({
    crud: animal,
    i18n: 'cageAnimal',
    list: cageViewEndpoints.cageAnimalList,
    baseQuery: { cageId },
    readOnly: true,
    fields: {
      localNo: {},
      animalName: {},
      speciesName: {},
      latinName: { render: (v) => <i>{String(v)}</i> },
      sex: { dict: 'animal_sex' },
      birthDate: { render: (v) => String(v ?? '').slice(0, 10) },
      breederName: {},
    },
  });

/** … and its populations (cagePopulation), counted M.F.U. */
export const cagePopulationsPage = (cageId: string) =>
  defineCrudPage({
    crud: population,
    i18n: 'cagePopulation',
    list: cageViewEndpoints.cagePopulationList,
    baseQuery: { cageId },
    readOnly: true,
    fields: {
      populationName: {},
      speciesName: {},
      maleQuantity: {},
      femaleQuantity: {},
      theyQuantity: {},
      totalQuantity: {},
    },
  });
