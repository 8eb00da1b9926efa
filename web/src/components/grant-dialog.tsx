import type { TreeNode } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback';
import { GrantTree, knownKeys, leafKeys, type GrantMode } from './grant-tree';
import { useBusy } from '../lib/use-busy';

/** One checkable tree of the dialog: what may be granted and what already is. */
export interface GrantSection {
  key: string;
  label: string;
  tree: TreeNode[];
  checked: string[];
  mode?: GrantMode;
}

interface Props {
  title: string;
  /** Cache key of this dialog's data (it is loaded fresh on every opening). */
  queryKey: readonly unknown[];
  load: () => Promise<GrantSection[]>;
  /** Receives the checked keys per section key. */
  onSave: (checked: Record<string, string[]>) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The grant dialog of role grant (menus, data scopes, API scopes) and top-menu grant (menus): one checkable
 * tree per section, in tabs when there are several, saved in one call.
 */
export function GrantDialog({ title, queryKey, load, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey, queryFn: load, gcTime: 0, staleTime: 0 });
  const [checked, setChecked] = useState<Record<string, string[]> | null>(null);
  const [saving, run] = useBusy();

  useEffect(() => {
    // A leaves-mode tree checks its groups from the leaves; a stray group key would check all of it.
    const keys = (s: GrantSection) => (s.mode === 'leaves' ? leafKeys : knownKeys)(s.tree, s.checked);
    if (query.data) setChecked(Object.fromEntries(query.data.map((s) => [s.key, keys(s)])));
  }, [query.data]);

  const save = async () => {
    if (!checked) return;
    const done = await run(async () => {
      await onSave(checked);
    });
    if (!done) return;
    toast.success(t('grant.success'));
    onClose();
  };

  const sections = query.data ?? [];
  const tree = (s: GrantSection) =>
    s.tree.length ? (
      <GrantTree
        aria-label={s.label}
        treeData={s.tree}
        mode={s.mode}
        value={checked?.[s.key] ?? []}
        onChange={(keys) => setChecked((c) => ({ ...c, [s.key]: keys }))}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('grant.empty')} />
    );

  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!checked} onClick={save}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Spin spinning={query.isFetching}>
        <div style={{ minHeight: 120 }}>
          {sections.length > 1 ? (
            <Tabs items={sections.map((s) => ({ key: s.key, label: s.label, children: tree(s) }))} />
          ) : sections.length === 1 ? (
            tree(sections[0]!)
          ) : null}
        </div>
      </Spin>
    </Modal>
  );
}
