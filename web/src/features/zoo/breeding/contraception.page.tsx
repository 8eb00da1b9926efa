import { CrudPage } from '../../../crud';
import { contraPage } from './breeding-cubs.crud';

/** /zoo/breeding/contraception — 避孕管理 (decision 0042). */
export default function Page() {
  return <CrudPage def={contraPage} />;
}
