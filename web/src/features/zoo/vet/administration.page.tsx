import { CrudPage } from '../../../crud';
import { AdministrationRound } from '../shared/administration-round';
import { administrationPage } from './vet-round.crud';

/** /zoo/vet/administration — 给药执行: today's doses to tick, above every dose ticked (a dose is ticked on the round, not added from nothing). */
export default function AdministrationPage() {
  return <CrudPage def={administrationPage} header={<AdministrationRound />} add={() => ({ show: false, onAdd: () => undefined })} />;
}
