import { CrudPage } from '../../../crud';
import { anaesthesiaPage } from './vet.crud';

/** /zoo/vet/anaesthesia — 麻醉记录: immobilisations and anaesthesias, each agent dosed by the animal's latest weight. */
export default function AnaesthesiaPage() {
  return <CrudPage def={anaesthesiaPage} />;
}
