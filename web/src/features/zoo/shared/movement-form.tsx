import { animalEndpoints, MOVEMENTS, stockLogEndpoints, type DictCode, type Movement, type Permission } from '@zoo/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaDay } from '../../../lib/china-day';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ControlSelect, DATE_FORMAT, DictSelect, type ControlProps } from '../../../crud';
import { FormDialog } from '../../../components/form-dialog';
import { toast } from '../../../lib/feedback';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { call } from '../../../lib/request';
import { PhotoUpload } from './photo-upload';
import { CrossBorderFields, PermitPick } from './permit-pick';
import { SpeciesCageSelect, ZooSpeciesSelect } from './registry-widgets';

/** What a row action already knows: the species, the animal or the population's cage. */
export interface MovementInit {
  animalType?: 1 | 2;
  speciesId?: string;
  animalId?: string;
  cageId?: string;
  sireId?: string;
  damId?: string;
}

const DATE_FIELD: Record<Movement, string> = {
  born: 'bornDate',
  import: 'importDate',
  export: 'exportDate',
  move: 'moveDate',
  die: 'dieDate',
  cancel: 'cancelDate',
};
const TYPE_FIELD: Record<Movement, [string, DictCode] | undefined> = {
  born: ['bornType', 'born_type'],
  import: ['importType', 'import_type'],
  export: ['exportType', 'export_type'],
  move: undefined,
  die: ['dieType', 'die_type'],
  cancel: ['cancelType', 'cancellation_type'],
};
const IN: readonly Movement[] = ['born', 'import'];

/** In-stock animals of the form's species (reloads when the species changes); `sex` limits to sires or dams. */
export function AnimalPick({ sex, status, ...control }: ControlProps & { sex?: 1 | 2; status?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const speciesId = Form.useWatch('speciesId', form) as string | undefined;
  const query = useQuery({
    queryKey: ['animal-species', speciesId, status ?? '1'],
    queryFn: () => call(animalEndpoints.species, { query: { speciesId: speciesId!, ...(status ? { status } : {}) } }),
    enabled: Boolean(speciesId),
  });
  const options = (query.data ?? [])
    .filter((a) => !sex || a.sex === sex)
    .map((a) => ({ value: a.id, label: a.animalName ? `${a.localNo} ${a.animalName}` : a.localNo }));
  return (
    <ControlSelect
      control={control}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isFetching}
      options={options}
      placeholder={t('zooStockLog.form.pickAnimal')}
    />
  );
}

const noFuture = (d: Dayjs) => d.isAfter(chinaDay(), 'day');
const noPast = (d: Dayjs) => d.isBefore(chinaDay(), 'day');

/** The form's fields: individual management shows the animal pick, population management the cage and counts. */
function MovementFields({ kind }: { kind: Movement }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const animalType = (Form.useWatch('animalType', form) as number | undefined) ?? 1;
  const f = (k: string) => t(`zooStockLog.form.${k}`);
  const isIn = IN.includes(kind);
  const type = TYPE_FIELD[kind];
  return (
    <>
      <Form.Item name="animalType" label={f('animalType')} required>
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('zooStockLog.mode.1') },
            { value: 2, label: t('zooStockLog.mode.2') },
          ]}
          onChange={() => form.setFieldsValue({ animalId: undefined })}
        />
      </Form.Item>
      <Form.Item name="speciesId" label={f('speciesId')} required>
        {/* Out movements may concern a species whose licence lapsed; accessions need a licence in force. */}
        <ZooSpeciesSelect all={!isIn} resets={{ animalId: undefined, cageId: undefined, toCageId: undefined, sireId: undefined, damId: undefined }} />
      </Form.Item>
      {animalType === 1 && !isIn ? (
        <Form.Item name="animalId" label={f('animalId')} required>
          <AnimalPick />
        </Form.Item>
      ) : null}
      {animalType === 2 || isIn ? (
        <Form.Item name="cageId" label={f(kind === 'move' ? 'fromCageId' : 'cageId')} required>
          <SpeciesCageSelect />
        </Form.Item>
      ) : null}
      {kind === 'move' ? (
        <Form.Item name="toCageId" label={f('toCageId')} required>
          <SpeciesCageSelect />
        </Form.Item>
      ) : null}
      {animalType === 2 ? (
        <Space size={8} wrap>
          {(['maleQuantity', 'femaleQuantity', 'theyQuantity'] as const).map((k) => (
            <Form.Item key={k} name={k} label={f(k)} labelCol={{ flex: '120px' }}>
              <InputNumber min={0} precision={0} style={{ width: 110 }} />
            </Form.Item>
          ))}
        </Space>
      ) : null}
      {animalType === 1 && isIn ? (
        <Form.Item label={f('animals')} required>
          <Form.List name="animals">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="baseline" wrap>
                    <Form.Item name={[item.name, 'localNo']} rules={[{ required: true, message: f('localNoRequired') }]}>
                      <Input placeholder={f('localNo')} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'animalName']}>
                      <Input placeholder={f('animalName')} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'sex']} rules={[{ required: true, message: f('sexRequired') }]}>
                      <DictSelect code="animal_sex" placeholder={f('sex')} style={{ width: 100 }} />
                    </Form.Item>
                    {items.length > 1 ? <MinusCircleOutlined onClick={() => remove(item.name)} /> : null}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sex: '3' })}>
                  {f('addAnimal')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      ) : null}
      {kind === 'born' && animalType === 1 ? (
        <Space size={8} wrap>
          <Form.Item name="sireId" label={f('sireId')} labelCol={{ flex: '120px' }} style={{ minWidth: 320 }}>
            <AnimalPick sex={1} status="all" />
          </Form.Item>
          <Form.Item name="damId" label={f('damId')} labelCol={{ flex: '120px' }} style={{ minWidth: 320 }}>
            <AnimalPick sex={2} status="all" />
          </Form.Item>
        </Space>
      ) : null}
      <Form.Item name={DATE_FIELD[kind]} label={f(DATE_FIELD[kind])} required>
        <DatePicker disabledDate={noFuture} style={{ width: 200 }} />
      </Form.Item>
      {type ? (
        <Form.Item name={type[0]} label={f(type[0])} required={kind !== 'born'}>
          <DictSelect code={type[1]} style={{ width: 200 }} />
        </Form.Item>
      ) : null}
      {kind === 'import' ? (
        <>
          <Form.Item name="source" label={f('source')} required>
            <Input maxLength={200} />
          </Form.Item>
          {animalType === 1 ? (
            <Form.Item name="origin" label={f('origin')}>
              <DictSelect code="animal_origin" style={{ width: 200 }} />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      {kind === 'export' ? (
        <>
          <Form.Item name="output" label={f('output')} required>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="backDate" label={f('backDate')}>
            <DatePicker disabledDate={noPast} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="permitIds" label={t('zooPermitPick.permitIds')}>
            <PermitPick />
          </Form.Item>
          <CrossBorderFields />
        </>
      ) : null}
      {kind === 'import' || kind === 'export' ? (
        <Space size={8} wrap>
          <Form.Item name="permitNo" label={f('permitNo')} labelCol={{ flex: '120px' }}>
            <Input maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="price" label={f('price')} labelCol={{ flex: '120px' }}>
            <InputNumber min={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
      ) : null}
      {kind === 'die' || kind === 'cancel' ? (
        <Form.Item name="reason" label={f('reason')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      ) : null}
      <Form.Item name="images" label={f('images')}>
        <PhotoUpload />
      </Form.Item>
      <Form.Item name="remark" label={f('remark')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}

const SCHEMA = {
  born: stockLogEndpoints.born.body,
  import: stockLogEndpoints.import.body,
  export: stockLogEndpoints.export.body,
  move: stockLogEndpoints.move.body,
  die: stockLogEndpoints.die.body,
  cancel: stockLogEndpoints.cancel.body,
};

/** Dates to the wire's text, dictionary keys to numbers (the contract checks the rest, messages verbatim). */
function toInput(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = dayjs.isDayjs(v) ? v.format(DATE_FORMAT) : v === null ? undefined : v;
  return out;
}

/** One of the six movement forms (spec §3/§4); refreshes the ledger and the registry lists after a save. */
export function MovementDialog({ kind, init, onClose }: { kind: Movement; init?: MovementInit; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const initialValues = {
    animalType: init?.animalType ?? 1,
    maleQuantity: 0,
    femaleQuantity: 0,
    theyQuantity: 0,
    [DATE_FIELD[kind]]: chinaDay(),
    animals: [{ sex: '3' }],
    ...init,
  };
  return (
    <FormDialog
      name={`movement-${kind}`}
      title={t(`zooStockLog.action.${kind}`)}
      width={760}
      initialValues={initialValues}
      schema={SCHEMA[kind]}
      toInput={toInput}
      onSave={async (input) => {
        const res = (await call(stockLogEndpoints[kind], { body: input as never })) as { approval?: unknown; warnings?: string[] };
        // The zoo requires approval of this movement: nothing moved yet (issue 14).
        if (res?.approval) toast.info(t('zooStockLog.pendingApproval'));
        // Let through by the zoo's parameters but to be seen (a birth beyond the licence's approved quantity).
        for (const w of res?.warnings ?? []) toast.warning(w);
        await Promise.all([
          client.invalidateQueries({ queryKey: ['crud'] }),
          client.invalidateQueries({ queryKey: ['animal-species'] }),
          client.invalidateQueries({ queryKey: ['stock-timeline'] }),
          client.invalidateQueries({ queryKey: ['permit-pick'] }),
        ]);
      }}
      onClose={onClose}
    >
      <MovementFields kind={kind} />
    </FormDialog>
  );
}

/** The six movement buttons of a toolbar, each behind its button code (stocklog_born …). */
export function MovementButtons({
  can,
  onOpen,
  init,
}: {
  can: (c: Permission) => boolean;
  onOpen: (kind: Movement, init?: MovementInit) => void;
  init?: MovementInit;
}) {
  const { t } = useTranslation();
  // In a toolbar the six buttons are one child of the toolbar's Space: without their own they touch each other.
  return (
    <Space wrap>
      {MOVEMENTS.filter((k) => can(`stocklog_${k}` as const)).map((k) => (
        <Button key={k} onClick={() => onOpen(k, init)}>
          {t(`zooStockLog.action.${k}`)}
        </Button>
      ))}
    </Space>
  );
}

/**
 * The same movements as row actions: plain link buttons keyed by movement (not one component), so the row's
 * action bar can put them under 更多.
 */
export function movementLinks(o: {
  can: (c: Permission) => boolean;
  onOpen: (kind: Movement, init?: MovementInit) => void;
  init?: MovementInit;
  t: TFunction;
}) {
  return MOVEMENTS.filter((k) => o.can(`stocklog_${k}` as const)).map((k) => (
    <Button key={k} type="link" size="small" onClick={() => o.onOpen(k, o.init)}>
      {o.t(`zooStockLog.kind.${k}`)}
    </Button>
  ));
}

const ENROLLS = ['born', 'import'] as const;

/**
 * 新增 on the animal and population screens: a new individual or population enters the stock through a birth or
 * an import (decision 0027), so 新增 asks which and opens that movement form.
 */
export function EnrollChooser({ can, onPick, onClose }: { can: (c: Permission) => boolean; onPick: (kind: 'born' | 'import') => void; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation();
  return (
    <Modal open title={t('zooStockLog.enroll.title')} footer={null} width={520} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('zooStockLog.enroll.hint')}</Typography.Paragraph>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {ENROLLS.filter((k) => can(`stocklog_${k}`)).map((k) => (
          <Button
            key={k}
            block
            size="large"
            style={{ height: 'auto', padding: '12px 16px', justifyContent: 'flex-start', whiteSpace: 'normal' }}
            onClick={() => onPick(k)}
          >
            <div style={{ textAlign: 'left' }}>
              <Typography.Text strong>{t(`zooStockLog.action.${k}`)}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{t(`zooStockLog.enroll.${k}`)}</Typography.Text>
              </div>
            </div>
          </Button>
        ))}
      </Space>
    </Modal>
  );
}

/** Whether the user may register either accession (新增 shows then). */
export const canEnroll = (can: (c: Permission) => boolean) => ENROLLS.some((k) => can(`stocklog_${k}`));
