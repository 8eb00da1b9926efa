import { dict } from '@zoo/contract';
import { DictManager } from './dict-manager';

/** 系统字典 (menu /system/dict). */
export default function DictPage() {
  return <DictManager api={dict} layout="horizontal" />;
}
