import { CrudPage } from '../../../crud';
import { tenantPackagePage } from './tenantpackage.crud';

export default function TenantPackagePage() {
  return <CrudPage def={tenantPackagePage} />;
}
