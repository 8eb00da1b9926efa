import { FLOW_SERVICES, flowServiceNames, type FlowServiceName } from '@zoo/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Selected } from './element-panel';

interface FieldElement {
  $type: string;
  name?: string;
  stringValue?: string;
  expression?: string;
}
interface ServiceObject {
  type?: string;
  extensionElements?: { values?: FieldElement[] };
}

const isField = (v: FieldElement) => v.$type === 'flowable:Field';

/**
 * A service or send task's call (decision 0050): the service, chosen by name from the registry the server
 * declares, and its inputs as `flowable:field` elements (text or `${…}` expressions). setVariables takes
 * `name=value` lines, one variable each.
 */
export function ServiceFields({ selected, revision }: { selected: Selected; revision: number }) {
  const { t } = useTranslation();
  const { element, modeling, moddle } = selected;
  const bo = element.businessObject as unknown as ServiceObject;
  const values = bo.extensionElements?.values ?? [];
  const fields = values.filter(isField);
  const current = (name: string) => {
    const f = fields.find((x) => x.name === name);
    return f?.stringValue ?? f?.expression ?? '';
  };
  const service = bo.type && Object.hasOwn(FLOW_SERVICES, bo.type) ? (bo.type as FlowServiceName) : undefined;

  /** Replaces the task's fields, keeping any other extension elements. */
  const writeFields = (next: Array<[string, string]>) => {
    const kept = values.filter((v) => !isField(v));
    const made = next.filter(([, v]) => v !== '').map(([name, stringValue]) => moddle.create('flowable:Field', { name, stringValue }));
    const all = [...kept, ...made];
    modeling.updateProperties(element, { extensionElements: all.length ? moddle.create('bpmn:ExtensionElements', { values: all }) : undefined });
  };
  const setField = (name: string, value: string) =>
    writeFields([...fields.filter((f) => f.name !== name).map((f): [string, string] => [f.name ?? '', f.stringValue ?? f.expression ?? '']), [name, value]]);

  return (
    <>
      <Form.Item label={t('bpmn.service')} extra={t('bpmn.serviceHint')}>
        <Select
          key={`${element.id}-service-${revision}`}
          value={service}
          placeholder={t('bpmn.servicePick')}
          data-testid="bpmn-service"
          aria-label={t('bpmn.service')}
          options={flowServiceNames.map((n) => ({ value: n, label: `${t(`flowService.${n}.label`)} (${n})` }))}
          onChange={(v: FlowServiceName) => {
            if (v === bo.type) return;
            modeling.updateProperties(element, { type: v });
            // Fields of another service mean nothing to this one.
            writeFields([]);
          }}
        />
      </Form.Item>
      {service && service !== 'setVariables'
        ? FLOW_SERVICES[service].fields.map((f) => (
            <Form.Item key={f.name} label={t(`flowService.${service}.${f.name}`)} required={f.required}>
              <Input
                key={`${element.id}-${f.name}-${revision}`}
                defaultValue={current(f.name)}
                data-testid={`bpmn-field-${f.name}`}
                onBlur={(e) => {
                  const value = e.target.value.trim();
                  if (value !== current(f.name)) setField(f.name, value);
                }}
              />
            </Form.Item>
          ))
        : null}
      {service === 'setVariables' ? (
        <Form.Item label={t('flowService.setVariables.lines')}>
          <Input.TextArea
            key={`${element.id}-vars-${revision}`}
            rows={3}
            defaultValue={fields.map((f) => `${f.name}=${f.stringValue ?? f.expression ?? ''}`).join('\n')}
            placeholder="stage=已通知"
            data-testid="bpmn-field-lines"
            onBlur={(e) =>
              writeFields(
                e.target.value
                  .split('\n')
                  .map((l) => l.split('='))
                  .filter((p) => p.length >= 2 && p[0]!.trim())
                  .map((p): [string, string] => [p[0]!.trim(), p.slice(1).join('=').trim()]),
              )
            }
          />
        </Form.Item>
      ) : null}
    </>
  );
}
