import { CrudPage } from '../../../crud';
import { taxonomyPage } from './taxonomy.crud';

export default function TaxonomyPage() {
  return <CrudPage def={taxonomyPage} />;
}
