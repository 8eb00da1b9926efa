import { CrudPage } from '../../../crud';
import { tenantPackagePage } from '../shared/tenantpackage.crud';

export default function TenantPackagePage() {
  return <CrudPage def={tenantPackagePage} />;
}
