import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_SCOPE_OPS } from '@zoo/contract';
import { AutoComplete, Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { scopeColumns } from './scope-columns';
import { NO_VALUE_OPS, parseRule, serializeRule, type RuleRow } from './scope-rule';

/**
 * The custom data-scope rule (type 5) as typed conditions: column, operator, value per row, all of which must
 * hold. It writes the JSON rule the contract defines; nobody types SQL.
 */
export function ScopeRuleInput({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const [rows, setRows] = useState<RuleRow[]>(() => parseRule(text));
  const resourceCode = Form.useWatch('resourceCode', { preserve: true }) as string | undefined;
  const columns = scopeColumns(resourceCode).map((c) => ({ value: c }));

  // A value set from outside (the record loaded for 编辑) replaces the rows.
  useEffect(() => {
    if (serializeRule(rows) !== text) setRows(parseRule(text));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of the value resets
  }, [text]);

  const update = (next: RuleRow[]) => {
    setRows(next);
    const json = serializeRule(next);
    if (json !== text) onChange?.(json);
  };
  const edit = (i: number, patch: Partial<RuleRow>) => update(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const ops = DATA_SCOPE_OPS.map((op) => ({ value: op, label: t(`scope.op.${op}`) }));

  return (
    <div id={id} data-testid="scope-rule">
      {rows.map((row, i) => (
        <Space.Compact key={i} block style={{ marginBottom: 8 }}>
          <AutoComplete
            aria-label={t('scope.ruleColumn')}
            placeholder={t('scope.ruleColumn')}
            style={{ width: '36%' }}
            options={columns}
            value={row.column}
            disabled={disabled}
            onChange={(column: string) => edit(i, { column })}
            filterOption={(input, o) =>
              String(o?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
          <Select aria-label={t('scope.ruleOp')} style={{ width: '24%' }} options={ops} value={row.op} disabled={disabled} onChange={(op) => edit(i, { op })} />
          <Input
            aria-label={t('scope.ruleValue')}
            placeholder={row.op === 'in' || row.op === 'notin' ? t('scope.ruleValueList') : t('scope.ruleValue')}
            style={{ width: '32%' }}
            value={row.value}
            disabled={disabled || NO_VALUE_OPS.includes(row.op)}
            onChange={(e) => edit(i, { value: e.target.value })}
          />
          <Button aria-label={t('scope.ruleRemove')} icon={<DeleteOutlined />} disabled={disabled} onClick={() => update(rows.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => setRows([...rows, { column: '', op: 'eq', value: '' }])}>
        {t('scope.ruleAdd')}
      </Button>
      <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>{t('scope.ruleHint')}</div>
    </div>
  );
}
