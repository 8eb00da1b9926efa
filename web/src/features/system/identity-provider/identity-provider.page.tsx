import { CrudPage } from '../../../crud';
import { identityProviderPage } from './identity-provider.crud';

export default function IdentityProviderPage() {
  return <CrudPage def={identityProviderPage} />;
}
