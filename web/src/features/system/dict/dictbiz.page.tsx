import { dictBiz } from '@zoo/contract';
import { DictManager } from './dict-manager';

/** 业务字典 (menu /system/dictbiz): the same screen on the dict-biz endpoints. */
export default function DictBizPage() {
  return <DictManager api={dictBiz} layout="horizontal" />;
}
