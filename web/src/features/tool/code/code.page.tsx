import { codeEndpoints } from '@zoo/contract';
import { Button, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { download } from '../../../lib/request/transfer';
import { codePage } from './code.crud';

interface Generated {
  ids: string;
  files: string[];
}

export default function CodePage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Generated | null>(null);
  const generate = async (ids: string[]) => {
    if (!ids.length) return toast.warning(t('crud.selectOne'));
    setBusy(true);
    try {
      const r = await call(codeEndpoints.genCode, { query: { ids: ids.join(','), system: 'saber' } });
      setResult({ ids: ids.join(','), files: r.files });
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <CrudPage
        def={codePage}
        toolbar={(ctx) =>
          ctx.can('code_gen') ? (
            <Button type="primary" ghost loading={busy} onClick={() => void generate(ctx.selected.map((r) => String(r.id)))}>
              {t('code.gen')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => (
          <>
            {ctx.can('code_gen') ? (
              <Button type="link" size="small" disabled={busy} onClick={() => void generate([String(row.id)])}>
                {t('code.gen')}
              </Button>
            ) : null}
            {ctx.can('code_copy') ? (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void call(codeEndpoints.copy, { query: { id: String(row.id) } })
                    .then(() => {
                      toast.success(t('code.copied'));
                      ctx.refresh();
                    })
                    .catch(() => undefined)
                }
              >
                {t('code.copy')}
              </Button>
            ) : null}
          </>
        )}
      />
      {result ? (
        <Modal
          open
          title={t('code.generated')}
          onCancel={() => setResult(null)}
          footer={[
            <Button key="c" onClick={() => setResult(null)}>
              {t('crud.close')}
            </Button>,
            <Button key="d" type="primary" onClick={() => download(codeEndpoints.download, { ids: result.ids, system: 'saber' })}>
              {t('code.download')}
            </Button>,
          ]}
        >
          <Typography.Paragraph type="secondary">{t('code.generatedTip', { count: result.files.length })}</Typography.Paragraph>
          <List size="small" bordered dataSource={result.files} renderItem={(f) => <List.Item style={{ fontFamily: 'monospace' }}>{f}</List.Item>} />
        </Modal>
      ) : null}
    </>
  );
}
