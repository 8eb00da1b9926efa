import { Button, Descriptions, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrudDetail, type CrudPageDef, type CrudResource } from '../../../crud';
import { metaTitle } from '../../../crud/zod-fields';

/** Long values shown as they are, in a pre block. */
const PRE = new Set(['params', 'stackTrace', 'logData', 'userAgent', 'message']);
/** Internal columns the detail leaves out. */
const HIDDEN = new Set(['methodClass', 'methodName', 'createUser']);

const preStyle = { margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** Every field of one log row, loaded through detail?id. */
export function LogDetail({ def, id, onClose }: { def: CrudPageDef<CrudResource>; id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useCrudDetail(def, id);
  const shape = def.crud.record.shape as Record<string, Parameters<typeof metaTitle>[0]>;
  const label = (key: string) => {
    const k = key === 'title' ? 'log.apiTitle' : `log.${key}`;
    return i18n.exists(k) ? t(k) : (metaTitle(shape[key]) ?? key);
  };
  const value = (key: string, v: unknown): ReactNode => {
    const text = v === undefined || v === null ? '' : String(v);
    if (key === 'type' && def.crud.name === 'log_api') return t(`log.type${text}`);
    return PRE.has(key) ? <pre style={preStyle}>{text}</pre> : text;
  };
  const row = detail.data;
  return (
    <Modal open title={t('crud.view')} width={900} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      {row ? (
        <Descriptions
          bordered
          size="small"
          column={2}
          styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
          items={Object.keys(shape)
            .filter((k) => !HIDDEN.has(k))
            .map((k) => ({ key: k, label: label(k), span: PRE.has(k) ? 2 : 1, children: value(k, row[k]) }))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
