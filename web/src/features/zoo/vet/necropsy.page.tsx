import { CrudPage } from '../../../crud';
import { necropsyPage } from './vet-care.crud';

/** /zoo/vet/necropsy — 尸体剖检: each necropsy tied to a death movement, with the carcass disposal and its papers. */
export default function NecropsyPage() {
  return <CrudPage def={necropsyPage} />;
}
