import { deptEndpoints, TOP_PARENT_ID, type TreeNode } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/request';

const toNodes = (nodes: TreeNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, isLeaf: n.hasChildren === false, children: n.children ? toNodes(n.children) : undefined }));

function attach(nodes: DataNode[], key: string, children: DataNode[]): DataNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: attach(n.children, key, children) } : n));
}

/** The department tree beside the user table (dept/lazy-tree); a click filters the users by deptId (and below). */
export function UserDeptTree({ value, onChange }: { value?: string; onChange: (deptId: string | undefined) => void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<DataNode[] | null>(null);
  const [filter, setFilter] = useState('');
  const roots = useQuery({
    queryKey: ['crud-tree', 'user-dept-lazy', TOP_PARENT_ID],
    queryFn: () => call(deptEndpoints.lazyTree, { query: { parentId: TOP_PARENT_ID } }),
    staleTime: 30_000,
  });
  const data = nodes ?? toNodes(roots.data ?? []);
  const loadData = async (node: DataNode) => {
    if (node.children) return;
    const kids = await call(deptEndpoints.lazyTree, { query: { parentId: String(node.key) } });
    setNodes((cur) => attach(cur ?? data, String(node.key), toNodes(kids)));
  };
  const match = (n: DataNode): boolean => !filter || String(n.title).includes(filter);
  const shown = (list: DataNode[]): DataNode[] =>
    list.flatMap((n) => {
      const kids = n.children ? shown(n.children) : undefined;
      return match(n) || kids?.length ? [{ ...n, children: kids }] : [];
    });
  return (
    <div data-testid="user-dept-tree">
      <Input.Search allowClear placeholder={t('user.deptFilter')} onChange={(e) => setFilter(e.target.value.trim())} style={{ marginBottom: 8 }} />
      <Spin spinning={roots.isLoading}>
        <Tree
          blockNode
          treeData={shown(data)}
          loadData={loadData}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys.length ? String(keys[0]) : undefined)}
        />
      </Spin>
    </div>
  );
}
