import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, dictLabel } from '../../../crud';
import { dictItemPage, dictRootPage, type DictApi, type DictRow } from './dict.crud';

export type DictLayout = 'horizontal' | 'vertical';

interface Props {
  api: DictApi;
  /** Dictionaries beside (horizontal) or above (vertical) the selected dictionary's entries. */
  layout: DictLayout;
}

/** Dictionary management: the dictionaries (roots, paged) and the entries of the one clicked. */
export function DictManager({ api, layout }: Props) {
  const { t, i18n } = useTranslation();
  const [root, setRoot] = useState<DictRow | null>(null);
  const rootPage = useMemo(() => dictRootPage(api), [api]);
  const itemPage = useMemo(() => (root ? dictItemPage(api, root) : null), [api, root]);

  const roots = (
    <CrudPage
      def={rootPage}
      onRowClick={setRoot}
      activeRowKey={root?.id}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => setRoot(row)}>
          {t('dict.items')}
        </Button>
      )}
    />
  );
  const items = itemPage ? (
    <CrudPage
      key={root!.id}
      def={itemPage}
      header={
        <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="dict-items-title">
          {t('dict.itemsOf', { name: dictLabel(root!, i18n.language), code: root!.code })}
        </Typography.Title>
      }
    />
  ) : (
    <Card variant="borderless">
      <Empty description={t('dict.pickRoot')} />
    </Card>
  );

  return layout === 'horizontal' ? (
    <Row gutter={12}>
      <Col xs={24} xl={12}>
        {roots}
      </Col>
      <Col xs={24} xl={12}>
        {items}
      </Col>
    </Row>
  ) : (
    <Flex vertical gap={12}>
      {roots}
      {items}
    </Flex>
  );
}
