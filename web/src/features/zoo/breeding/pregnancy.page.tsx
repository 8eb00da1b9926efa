import { CrudPage } from '../../../crud';
import { pregnancyPage } from './breeding-cubs.crud';

/** /zoo/breeding/pregnancy — 妊娠诊断 (decision 0042). */
export default function Page() {
  return <CrudPage def={pregnancyPage} />;
}
