import type { ZooTreeNode } from '@zoo/contract';
import { ApartmentOutlined, AppstoreOutlined, EnvironmentOutlined, HomeOutlined } from '@ant-design/icons';
import { Card, Empty, Spin, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlaceForest } from '../shared/place-pickers';

const ICONS = { park: <EnvironmentOutlined />, venue: <HomeOutlined />, cage: <AppstoreOutlined /> };

const toTree = (nodes: ZooTreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.title,
    icon: ICONS[n.type],
    isLeaf: !n.children?.length,
    children: n.children ? toTree(n.children) : undefined,
  }));

const cageIds = (nodes: ZooTreeNode[]): Set<string> => {
  const out = new Set<string>();
  const walk = (ns: ZooTreeNode[]) => ns.forEach((n) => (n.type === 'cage' ? out.add(n.id) : walk(n.children ?? [])));
  walk(nodes);
  return out;
};

/** The zoo's park → venue → cage tree (park/tree/venue?withCage=true); a cage opens its card. */
export function PlaceTree() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forest = usePlaceForest();
  const nodes = forest.data ?? [];
  const cages = cageIds(nodes);
  return (
    <Card
      variant="borderless"
      title={
        <span>
          <ApartmentOutlined /> {t('park.tree')}
        </span>
      }
      data-testid="place-tree"
    >
      <Spin spinning={forest.isFetching}>
        {nodes.length ? (
          <Tree
            showIcon
            // Remounted per answer so new parks, venues and cages show expanded too.
            key={forest.dataUpdatedAt}
            defaultExpandAll
            treeData={toTree(nodes)}
            onSelect={(keys) => {
              const key = String(keys[0] ?? '');
              if (cages.has(key)) void navigate(`/cage/detail/${key}`);
            }}
          />
        ) : (
          <Empty description={t('park.treeEmpty')} />
        )}
      </Spin>
    </Card>
  );
}
