import { CrudPage } from '../../../crud';
import { cubLogPage } from './breeding-cubs.crud';

/** /zoo/breeding/cub-log — 育幼记录 (decision 0042). */
export default function Page() {
  return <CrudPage def={cubLogPage} />;
}
