import { apiScopePage } from './api-scope.crud';
import { ScopePage } from './scope-page';

export default function ApiScopePage() {
  return <ScopePage scopes={apiScopePage} settingCode="api_scope_setting" titleKey="scope.api.titleOf" />;
}
