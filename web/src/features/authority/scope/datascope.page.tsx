import { dataScopePage } from './data-scope.crud';
import { ScopePage } from './scope-page';

export default function DataScopePage() {
  return <ScopePage scopes={dataScopePage} settingCode="data_scope_setting" titleKey="scope.data.titleOf" />;
}
