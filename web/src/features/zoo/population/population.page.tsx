import { CrudPage } from '../../../crud';
import { populationPage } from './population.crud';

/** /zoo/population */
export default function PopulationPage() {
  return <CrudPage def={populationPage} />;
}
