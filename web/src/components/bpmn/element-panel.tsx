import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceFields } from './service-fields';

interface BusinessObject {
  id: string;
  name?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  conditionExpression?: { body?: string };
  eventDefinitions?: TimerDefinition[];
  $type: string;
}
interface TimerDefinition {
  $type: string;
  timeDuration?: { body?: string };
  timeDate?: { body?: string };
  timeCycle?: { body?: string };
}

/** The selected shape (or the process itself) and the services that change it. */
export interface Selected {
  element: { id: string; type: string; businessObject: BusinessObject };
  modeling: {
    updateProperties(element: Selected['element'], props: Record<string, unknown>): void;
    updateModdleProperties(element: Selected['element'], moddleElement: unknown, props: Record<string, unknown>): void;
  };
  moddle: { create(type: string, attrs: Record<string, unknown>): unknown };
}

const TYPE_KEYS: Record<string, string> = {
  'bpmn:Process': 'bpmn.type.process',
  'bpmn:StartEvent': 'bpmn.type.start',
  'bpmn:EndEvent': 'bpmn.type.end',
  'bpmn:UserTask': 'bpmn.type.userTask',
  'bpmn:ServiceTask': 'bpmn.type.serviceTask',
  'bpmn:SendTask': 'bpmn.type.sendTask',
  'bpmn:Task': 'bpmn.type.task',
  'bpmn:SequenceFlow': 'bpmn.type.flow',
  'bpmn:ExclusiveGateway': 'bpmn.type.exclusive',
  'bpmn:ParallelGateway': 'bpmn.type.parallel',
  'bpmn:InclusiveGateway': 'bpmn.type.inclusive',
  'bpmn:EventBasedGateway': 'bpmn.type.eventBased',
  'bpmn:SubProcess': 'bpmn.type.subProcess',
  'bpmn:BoundaryEvent': 'bpmn.type.boundary',
  'bpmn:IntermediateCatchEvent': 'bpmn.type.catch',
};

/** A date-time (`2026-12-01T09:00`) is a timeDate, anything else a duration (`PT30M`, `P1D`). */
const isDateText = (v: string) => /^\d{4}-\d{2}-\d{2}/.test(v);

/**
 * Attributes of the selected element. The engine reads the process id as the definition key, user tasks'
 * assignee / candidate users / candidate groups (role aliases; `${taskUser}` names the approver chosen on the
 * leave form) and a flow's condition (e.g. `${pass}`); every change goes through bpmn-js `modeling`, so undo
 * and the saved XML see it.
 */
export function ElementPanel({ selected, revision }: { selected: Selected; revision: number }) {
  const { t } = useTranslation();
  const { element, modeling, moddle } = selected;
  const bo = element.businessObject;
  const set = (props: Record<string, unknown>) => modeling.updateProperties(element, props);
  const text = (key: keyof BusinessObject, label: string, testId: string, placeholder?: string) => (
    <Form.Item label={t(label)}>
      <Input
        key={`${element.id}-${key}-${revision}`}
        defaultValue={(bo[key] as string | undefined) ?? ''}
        placeholder={placeholder}
        data-testid={testId}
        onBlur={(e) => {
          const value = e.target.value.trim();
          if (value !== ((bo[key] as string | undefined) ?? '')) set({ [key]: value || undefined });
        }}
      />
    </Form.Item>
  );
  const isTask = element.type === 'bpmn:UserTask';
  const isFlow = element.type === 'bpmn:SequenceFlow';
  // Timers on boundary and intermediate catch events (the engine fires them from the database, decision 0026).
  const timer = bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  const timerText = timer?.timeDuration?.body ?? timer?.timeDate?.body ?? '';
  return (
    <Form layout="vertical" size="small" data-testid="element-panel">
      <Typography.Text type="secondary">{t(TYPE_KEYS[element.type] ?? 'bpmn.type.other')}</Typography.Text>
      {text('id', 'bpmn.id', 'bpmn-id')}
      {text('name', 'bpmn.name', 'bpmn-name')}
      {isTask ? (
        <>
          {text('assignee', 'bpmn.assignee', 'bpmn-assignee', '${taskUser}')}
          {text('candidateUsers', 'bpmn.candidateUsers', 'bpmn-candidate-users', '${taskUser}')}
          {text('candidateGroups', 'bpmn.candidateGroups', 'bpmn-candidate-groups', 'admin,hr')}
        </>
      ) : null}
      {element.type === 'bpmn:ServiceTask' || element.type === 'bpmn:SendTask' ? <ServiceFields selected={selected} revision={revision} /> : null}
      {isFlow ? (
        <Form.Item label={t('bpmn.condition')}>
          <Input
            key={`${element.id}-cond-${revision}`}
            defaultValue={bo.conditionExpression?.body ?? ''}
            placeholder="${pass}"
            data-testid="bpmn-condition"
            onBlur={(e) => {
              const body = e.target.value.trim();
              if (body === (bo.conditionExpression?.body ?? '')) return;
              set({ conditionExpression: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined });
            }}
          />
        </Form.Item>
      ) : null}
      {timer ? (
        <Form.Item label={t('bpmn.timer')} extra={t('bpmn.timerHint')}>
          <Input
            key={`${element.id}-timer-${revision}`}
            defaultValue={timerText}
            placeholder="PT30M"
            data-testid="bpmn-timer"
            onBlur={(e) => {
              const value = e.target.value.trim();
              if (value === timerText) return;
              const expr = value ? moddle.create('bpmn:FormalExpression', { body: value }) : undefined;
              modeling.updateModdleProperties(element, timer, {
                timeDuration: isDateText(value) ? undefined : expr,
                timeDate: isDateText(value) ? expr : undefined,
                timeCycle: undefined,
              });
            }}
          />
        </Form.Item>
      ) : null}
      {element.type === 'bpmn:UserTask' || element.type === 'bpmn:Process' ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t(isTask ? 'bpmn.taskHint' : 'bpmn.processHint')}
        </Typography.Paragraph>
      ) : null}
    </Form>
  );
}
