import { population } from '@zoo/contract';
import { Link } from 'react-router';
import { defineCrudPage } from '../../../crud';
import { populationDetailPath } from '../shared/population-detail';
import { SpeciesCageSelect, ZooSpeciesSelect } from '../shared/registry-widgets';

/** Populations: a species group in one cage, counted male / female / unknown (M.F.U, each 0 by default). */
export const populationPage = defineCrudPage({
  crud: population,
  actionWidth: 200,
  rowActionOrder: ['detail', 'log'],
  i18n: 'zooPopulation',
  defaults: { maleQuantity: 0, femaleQuantity: 0, theyQuantity: 0 },
  fields: {
    speciesId: {
      widget: 'custom',
      table: false,
      readOnly: (mode) => mode !== 'add',
      input: (p) => <ZooSpeciesSelect {...p} resets={{ cageId: undefined }} />,
      search: { input: (p) => <ZooSpeciesSelect {...p} all /> },
    },
    speciesName: { width: 120 },
    populationName: { search: true, width: 140, render: (v, row) => <Link to={populationDetailPath(row.id)}>{String(v || row.speciesName)}</Link> },
    // Species, cage and counts are the stock ledger's: read-only here (a population enters through 出生登记 /
    // 引进登记, the screen's 新增; decision 0027), so the def's add mode is never opened.
    cageId: {
      widget: 'custom',
      input: (p) => <SpeciesCageSelect {...p} />,
      readOnly: (mode) => mode !== 'add',
      width: 160,
      render: (_v, row) => `${row.cageCode} ${row.cageName}`,
    },
    venueName: { width: 110 },
    maleQuantity: { widget: 'number', readOnly: (mode) => mode !== 'add', width: 90 },
    femaleQuantity: { widget: 'number', readOnly: (mode) => mode !== 'add', width: 90 },
    theyQuantity: { widget: 'number', readOnly: (mode) => mode !== 'add', width: 110 },
    totalQuantity: { width: 90, render: (v, row) => `${String(v)} (${row.maleQuantity}.${row.femaleQuantity}.${row.theyQuantity})` },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
