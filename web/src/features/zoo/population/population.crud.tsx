import { population } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { SpeciesCageSelect, ZooSpeciesSelect } from '../shared/registry-widgets';

/** Populations: a species group in one cage, counted male / female / unknown (M.F.U, each 0 by default). */
export const populationPage = defineCrudPage({
  crud: population,
  i18n: 'zooPopulation',
  defaults: { maleQuantity: 0, femaleQuantity: 0, theyQuantity: 0 },
  fields: {
    speciesId: { widget: 'custom', table: false, input: (p) => <ZooSpeciesSelect {...p} resets={{ cageId: undefined }} />, search: { input: (p) => <ZooSpeciesSelect {...p} all /> } },
    speciesName: { width: 120 },
    populationName: { search: true, width: 140 },
    cageId: { widget: 'custom', input: (p) => <SpeciesCageSelect {...p} />, width: 160, render: (_v, row) => `${row.cageCode} ${row.cageName}` },
    venueName: { width: 110 },
    maleQuantity: { widget: 'number', width: 90 },
    femaleQuantity: { widget: 'number', width: 90 },
    theyQuantity: { widget: 'number', width: 110 },
    totalQuantity: { width: 90, render: (v, row) => `${String(v)} (${row.maleQuantity}.${row.femaleQuantity}.${row.theyQuantity})` },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
