import { CrudPage } from '../../../crud';
import { drugPage } from './vet.crud';

/** /zoo/vet/drug — 药品目录: the formulary a treatment's dose is checked against. */
export default function DrugPage() {
  return <CrudPage def={drugPage} />;
}
