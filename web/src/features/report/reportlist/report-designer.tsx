import {
  AGG_FNS,
  AGG_LABELS,
  aggAllowed,
  CHART_TYPES,
  columnOf,
  DATASETS,
  datasetOf,
  groupable,
  OP_LABELS,
  OPS_BY_TYPE,
  outputColumns,
  report,
  reportEndpoints,
  type AggFn,
  type Dataset,
  type DatasetColumn,
  type DictCode,
  type ReportDesign,
  type ReportRecord,
  type ReportResult,
} from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Divider, Drawer, Form, Input, Row, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { ReportPreview } from './report-preview';
import { ExportButtons } from './export-buttons';

export interface DesignForm {
  id?: string;
  name: string;
  remark?: string;
  design: ReportDesign;
}

/** Long column lists scroll virtually: typing a label finds any of them. */
const SEARCH = { optionFilterProp: 'label' };

const EMPTY: ReportDesign = { dataset: '', params: {}, columns: [], filters: [], groupBy: [], aggregates: [], sort: [], chart: { type: 'none', x: '', y: [] } };

/** A filter's value control: a dictionary's items for dictionary columns, free tags for 属于 (in), else text. */
function FilterValue({ col, op, value, onChange }: { col?: DatasetColumn; op?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { options } = useDict(col?.dict as DictCode | undefined);
  const { t } = useTranslation();
  const multiple = op === 'in';
  if (col?.dict)
    return (
      <Select
        aria-label={t('report.value')}
        mode={multiple ? 'multiple' : undefined}
        value={value as never}
        onChange={onChange}
        options={options.map((o) => ({ label: o.label, value: col.dictKeys === 'int' ? Number(o.value) : String(o.value) }))}
      />
    );
  if (multiple) return <Select showSearch={SEARCH} aria-label={t('report.value')} mode="tags" value={value as never} onChange={onChange} open={false} />;
  return (
    <Input aria-label={t('report.value')} type={col?.type === 'date' ? 'date' : 'text'} value={value as string} onChange={(e) => onChange?.(e.target.value)} />
  );
}

/** 设计: choose a data set, its columns, filters, grouping with aggregates, sort and chart; preview; save. */
export function ReportDesigner({ initial, onClose }: { initial?: DesignForm; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const name = (x: { zh: string; en: string }) => (en ? x.en : x.zh);
  const client = useQueryClient();
  const [form] = Form.useForm<DesignForm>();
  const [busy, run] = useBusy();
  const [saved, setSaved] = useState<string | undefined>(initial?.id);
  const [shown, setShown] = useState<{ design: ReportDesign; result: ReportResult } | null>(null);
  const values = Form.useWatch([], form) as DesignForm | undefined;
  const design = { ...EMPTY, ...values?.design } as ReportDesign;
  const ds: Dataset | undefined = datasetOf(design.dataset);
  const colOpts = (filter: (c: DatasetColumn) => boolean = () => true) => (ds?.columns ?? []).filter(filter).map((c) => ({ label: name(c), value: c.key }));
  const complete = (d: ReportDesign) =>
    ds
      ? outputColumns(ds, {
          ...d,
          aggregates: d.aggregates.filter((a) => a?.fn && columnOf(ds, a.column)),
          columns: d.columns.filter((k) => columnOf(ds, k)),
          groupBy: d.groupBy.filter((k) => columnOf(ds, k)),
        })
      : [];
  const outOpts = complete(design).map((c) => ({ label: name(c), value: c.key, numeric: c.type === 'int' || c.type === 'number' }));

  const current = (): ReportDesign => ({ ...EMPTY, ...form.getFieldValue('design') });
  const preview = async (page = 1, size = 20) => {
    const d = current();
    let result: ReportResult | undefined;
    const ok = await run(async () => {
      result = await call(reportEndpoints.preview, { body: { design: d, current: page, size } });
    });
    if (ok && result) setShown({ design: d, result });
  };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const done = await run(() => call(report.endpoints.submit, { body: { id: saved, name: v.name, remark: v.remark ?? '', design: current() } }));
    if (!done) return;
    toast.success(t('report.saved'));
    await client.invalidateQueries({ queryKey: ['crud'] });
    if (!saved) {
      const list = (await call(report.endpoints.list, { query: { name: v.name, current: 1, size: 10 } })) as { records: ReportRecord[] };
      setSaved(list.records.find((r) => r.name === v.name)?.id);
    }
  };
  const changeDataset = (key: string) => {
    form.setFieldValue('design', { ...EMPTY, dataset: key, params: Object.fromEntries((datasetOf(key)?.params ?? []).map((p) => [p.key, ''])) });
    setShown(null);
  };

  return (
    <Drawer
      open
      size="large"
      width="min(1200px, 100vw)"
      title={t('report.designerTitle')}
      // Escape closes a select's dropdown, never the designer with an unsaved design.
      keyboard={false}
      onClose={onClose}
      extra={
        <Space wrap>
          <Button onClick={() => void preview()} loading={busy} data-testid="report-run">
            {t('report.run')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={busy}>
            {t('report.save')}
          </Button>
          {saved ? <ExportButtons id={saved} /> : null}
        </Space>
      }
    >
      <Form form={form} name="report-designer" layout="vertical" initialValues={initial ?? { name: '', remark: '', design: EMPTY }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('report.name')} rules={[{ required: true, whitespace: true, message: t('report.nameRequired') }, { max: 50 }]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['design', 'dataset']} label={t('report.dataset')} rules={[{ required: true, message: t('report.datasetRequired') }]}>
              <Select showSearch={SEARCH} options={DATASETS.map((d) => ({ label: name(d), value: d.key }))} onChange={changeDataset} />
            </Form.Item>
          </Col>
          {ds?.params.map((p) => (
            <Col xs={24} md={6} key={p.key}>
              <Form.Item name={['design', 'params', p.key]} label={name(p)}>
                <Input type="date" />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item name="remark" label={t('report.remark')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['design', 'columns']} label={t('report.columns')} extra={t('report.columnsHint')}>
              <Select showSearch={SEARCH} mode="multiple" options={colOpts()} disabled={design.groupBy.length > 0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['design', 'groupBy']} label={t('report.groupBy')}>
              <Select showSearch={SEARCH} mode="multiple" maxCount={3} options={colOpts(groupable)} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('report.filters')}</Divider>
        <Form.List name={['design', 'filters']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const col = ds && columnOf(ds, design.filters[f.name]?.column ?? '');
                return (
                  <Row gutter={8} key={f.key} data-testid="report-filter">
                    <Col xs={24} md={7}>
                      <Form.Item name={[f.name, 'column']}>
                        <Select showSearch={SEARCH} aria-label={t('report.column')} options={colOpts()} placeholder={t('report.column')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[f.name, 'op']}>
                        <Select
                          showSearch={SEARCH}
                          aria-label={t('report.op')}
                          placeholder={t('report.op')}
                          options={(col ? OPS_BY_TYPE[col.type] : []).map((o) => ({ label: name(OP_LABELS[o]), value: o }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={10} md={10}>
                      <Form.Item name={[f.name, 'value']}>
                        <FilterValue col={col} op={design.filters[f.name]?.op} />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      <Button type="text" icon={<MinusCircleOutlined />} aria-label="remove" onClick={() => remove(f.name)} />
                    </Col>
                  </Row>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ column: undefined, op: undefined, value: '' })}
                disabled={!ds || fields.length >= 10}
              >
                {t('report.addFilter')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('report.aggregates')}</Divider>
        <Form.List name={['design', 'aggregates']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const col = ds && columnOf(ds, design.aggregates[f.name]?.column ?? '');
                return (
                  <Row gutter={8} key={f.key} data-testid="report-aggregate">
                    <Col xs={12} md={8}>
                      <Form.Item name={[f.name, 'column']}>
                        <Select showSearch={SEARCH} aria-label={t('report.column')} options={colOpts()} placeholder={t('report.column')} />
                      </Form.Item>
                    </Col>
                    <Col xs={10} md={6}>
                      <Form.Item name={[f.name, 'fn']}>
                        <Select
                          aria-label={t('report.fn')}
                          placeholder={t('report.fn')}
                          options={AGG_FNS.filter((fn) => !col || aggAllowed(fn as AggFn, col)).map((fn) => ({ label: name(AGG_LABELS[fn]), value: fn }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      <Button type="text" icon={<MinusCircleOutlined />} aria-label="remove" onClick={() => remove(f.name)} />
                    </Col>
                  </Row>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ column: undefined, fn: 'sum' })}
                disabled={!ds || !design.groupBy.length || fields.length >= 10}
              >
                {t('report.addAggregate')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('report.sort')}</Divider>
        <Form.List name={['design', 'sort']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Row gutter={8} key={f.key} data-testid="report-sort">
                  <Col xs={12} md={8}>
                    <Form.Item name={[f.name, 'column']}>
                      <Select showSearch={SEARCH} aria-label={t('report.column')} options={outOpts} placeholder={t('report.column')} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={6}>
                    <Form.Item name={[f.name, 'dir']}>
                      <Select
                        showSearch={SEARCH}
                        aria-label={t('report.sort')}
                        options={[
                          { label: t('report.asc'), value: 'asc' },
                          { label: t('report.desc'), value: 'desc' },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Button type="text" icon={<MinusCircleOutlined />} aria-label="remove" onClick={() => remove(f.name)} />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ column: undefined, dir: 'asc' })}
                disabled={!outOpts.length || fields.length >= 3}
              >
                {t('report.addSort')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('report.chart')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name={['design', 'chart', 'type']} label={t('report.chartType')}>
              <Select showSearch={SEARCH} options={CHART_TYPES.map((c) => ({ label: t(`report.chartTypes.${c}`), value: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={['design', 'chart', 'x']} label={t('report.chartX')}>
              <Select showSearch={SEARCH} options={outOpts} disabled={design.chart.type === 'none'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name={['design', 'chart', 'y']} label={t('report.chartY')}>
              <Select showSearch={SEARCH} mode="multiple" maxCount={5} options={outOpts.filter((o) => o.numeric)} disabled={design.chart.type === 'none'} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider titlePlacement="start">{t('report.previewTitle')}</Divider>
      {shown ? (
        <ReportPreview design={shown.design} result={shown.result} onPage={(c, s) => void preview(c, s)} />
      ) : (
        <div style={{ color: '#999' }}>{t('report.empty')}</div>
      )}
    </Drawer>
  );
}
