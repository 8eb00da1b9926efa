/**
 * The few Flowable attributes the engine reads from a user's diagram (assignee and candidates on user tasks,
 * the initiator variable on start events, the service a service or send task calls and its `flowable:field`
 * inputs), declared so bpmn-js reads and writes them as `flowable:*`
 * attributes (BladeX models use that namespace; bpmn-js keeps unknown attributes but cannot set them).
 */
export const flowableModdle = {
  name: 'Flowable',
  uri: 'http://flowable.org/bpmn',
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      isAbstract: true,
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'ServiceCall',
      extends: ['bpmn:ServiceTask', 'bpmn:SendTask'],
      isAbstract: true,
      properties: [{ name: 'type', isAttr: true, type: 'String' }],
    },
    {
      name: 'Field',
      superClass: ['Element'],
      properties: [
        { name: 'name', isAttr: true, type: 'String' },
        { name: 'stringValue', isAttr: true, type: 'String' },
        { name: 'expression', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'Initiator',
      extends: ['bpmn:StartEvent'],
      isAbstract: true,
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
  ],
};

/** A new model: one start event, ready to draw from (the modeler's "new"). */
export function emptyDiagram(key: string, name: string): string {
  const id = key.replace(/[^A-Za-z0-9_-]/g, '_') || 'process';
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${id}" targetNamespace="http://www.flowable.org/processdef">
  <process id="${id}" name="${escapeXml(name)}" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${id}">
    <bpmndi:BPMNPlane id="BPMNPlane_${id}" bpmnElement="${id}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="160" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
