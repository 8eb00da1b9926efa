import { CrudPage } from '../../../crud';
import { semenPage } from './breeding.crud';

/** /zoo/breeding/semen — 基因资源库: the semen bank. */
export default function SemenPage() {
  return <CrudPage def={semenPage} />;
}
