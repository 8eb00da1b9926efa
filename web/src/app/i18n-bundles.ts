import type { I18nBundle } from '../lib/i18n';
import { roleI18n } from '../features/authority/role/role.i18n';
import { scopeI18n } from '../features/authority/scope/scope.i18n';
import { deskI18n } from '../features/dashboard/desk.i18n';
import { noticeI18n } from '../features/desk/notice/notice.i18n';
import { infoI18n } from '../features/info/info.i18n';
import { logI18n } from '../features/monitor/log/log.i18n';
import { auditI18n } from '../features/monitor/audit/audit.i18n';
import { partitionArchiveI18n } from '../features/monitor/partition-archive/partition-archive.i18n';
import { attachI18n } from '../features/resource/attach/attach.i18n';
import { configI18n } from '../features/resource/shared/config.i18n';
import { ossI18n } from '../features/resource/oss/oss.i18n';
import { smsI18n } from '../features/resource/sms/sms.i18n';
import { deptI18n } from '../features/system/dept/dept.i18n';
import { dictI18n } from '../features/system/dict/dict.i18n';
import { menuI18n } from '../features/system/menu/menu.i18n';
import { paramI18n } from '../features/system/param/param.i18n';
import { postI18n } from '../features/system/post/post.i18n';
import { topmenuI18n } from '../features/system/topmenu/topmenu.i18n';
import { zooPlacesI18n } from '../features/zoo/places.i18n';
import { animalI18n } from '../features/zoo/animal/animal.i18n';
import { basicLogI18n } from '../features/zoo/basiclog/basiclog.i18n';
import { vetI18n } from '../features/zoo/vet/vet.i18n';
import { vetCareI18n } from '../features/zoo/vet/vet-care.i18n';
import { vetRoundI18n } from '../features/zoo/vet/vet-round.i18n';
import { breedingI18n } from '../features/zoo/breeding/breeding.i18n';
import { breedingCubsI18n } from '../features/zoo/breeding/breeding-cubs.i18n';
import { stockReportI18n } from '../features/zoo/report/report.i18n';
import { studbookI18n } from '../features/zoo/studbook/studbook.i18n';
import { humitureI18n } from '../features/zoo/humiture/humiture.i18n';
import { alarmI18n } from '../features/zoo/humiture-alarm/alarm.i18n';
import { populationI18n } from '../features/zoo/population/population.i18n';
import { stockLogI18n } from '../features/zoo/stocklog/stocklog.i18n';
import { permitPickI18n } from '../features/zoo/shared/permit-pick.i18n';
import { permitI18n } from '../features/zoo/permit/permit.i18n';
import { qualityI18n } from '../features/zoo/quality/quality.i18n';
import { transferLogI18n } from '../features/zoo/transfer/transfer.i18n';
import { speciesI18n } from '../features/zoo/species/species.i18n';
import { regionI18n } from '../features/base/region/region.i18n';
import { clientI18n } from '../features/system/client/client.i18n';
import { identityProviderI18n } from '../features/system/identity-provider/identity-provider.i18n';
import { tenantI18n } from '../features/system/tenant/tenant.i18n';
import { tenantPackageI18n } from '../features/system/shared/tenantpackage.i18n';
import { userI18n } from '../features/system/user/user.i18n';
import { transferI18n } from '../components/import-dialog.i18n';
import { codeI18n } from '../features/tool/code/code.i18n';
import { datasourceI18n } from '../features/tool/datasource/datasource.i18n';
import { modelI18n } from '../features/tool/model/model.i18n';
import { bpmnI18n } from '../components/bpmn/bpmn.i18n';
import { workI18n } from '../features/work/shared/work.i18n';
import { flowI18n } from '../features/flow/shared/flow.i18n';
import { shellI18n } from './layout/shell.i18n';
import { offlineI18n } from './layout/offline.i18n';
import { dietI18n } from '../features/zoo/basiclog/diet.i18n';
import { roundFeedingsI18n } from '../features/zoo/basiclog/round-feedings.i18n';
import { reportI18n } from '../features/report/reportlist/reportlist.i18n';

/** Every feature's labels, registered from this one list (features never register themselves). */
export const featureBundles: readonly I18nBundle[] = [
  paramI18n,
  roleI18n,
  scopeI18n,
  deptI18n,
  postI18n,
  menuI18n,
  topmenuI18n,
  dictI18n,
  zooPlacesI18n,
  speciesI18n,
  animalI18n,
  populationI18n,
  stockLogI18n,
  permitPickI18n,
  permitI18n,
  qualityI18n,
  transferLogI18n,
  basicLogI18n,
  vetI18n,
  vetCareI18n,
  vetRoundI18n,
  breedingI18n,
  breedingCubsI18n,
  humitureI18n,
  alarmI18n,
  stockReportI18n,
  studbookI18n,
  tenantI18n,
  tenantPackageI18n,
  userI18n,
  clientI18n,
  identityProviderI18n,
  regionI18n,
  transferI18n,
  noticeI18n,
  logI18n,
  auditI18n,
  partitionArchiveI18n,
  reportI18n,
  configI18n,
  ossI18n,
  smsI18n,
  attachI18n,
  infoI18n,
  deskI18n,
  datasourceI18n,
  modelI18n,
  codeI18n,
  bpmnI18n,
  workI18n,
  flowI18n,
  shellI18n,
  offlineI18n,
  dietI18n,
  roundFeedingsI18n,
];
