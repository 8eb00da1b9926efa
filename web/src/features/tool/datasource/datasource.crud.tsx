import { DRIVERS, datasource, type DriverClass } from '@zoo/contract';
import { Input, Tag } from 'antd';
import { defineCrudPage } from '../../../crud';

const driverOptions = (Object.keys(DRIVERS) as DriverClass[]).map((value) => ({ value, label: DRIVERS[value].label }));

/** 数据源管理: the password is typed, never shown (the list says whether one is stored). */
export const datasourcePage = defineCrudPage({
  crud: datasource,
  i18n: 'datasource',
  fields: {
    name: { search: true },
    driverClass: { widget: 'select', options: driverOptions, search: true, render: (v) => DRIVERS[v as DriverClass]?.label ?? String(v) },
    url: { span: 24, width: 320 },
    username: {},
    password: {
      widget: 'custom',
      table: false,
      view: false,
      // Required for a new datasource only: blank on edit keeps the stored password.
      required: false,
      check: (v, values) => (!v && !values.id ? '请输入密码' : undefined),
      input: (p) => (
        <Input.Password
          id={p.id}
          autoComplete="new-password"
          disabled={p.disabled}
          value={(p.value as string) ?? ''}
          onChange={(e) => p.onChange?.(e.target.value)}
        />
      ),
    },
    hasPassword: { form: false, width: 90, render: (v) => (v ? <Tag color="green">✓</Tag> : <Tag>—</Tag>) },
    remark: { table: false, span: 24 },
  },
});
