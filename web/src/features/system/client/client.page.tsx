import { CrudPage } from '../../../crud';
import { clientPage } from './client.crud';

export default function ClientPage() {
  return <CrudPage def={clientPage} />;
}
