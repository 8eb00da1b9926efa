/**
 * BPMN files the platform ships as common processes (deployed by the seed, category = `flow_<dict key>`):
 * the leave process (flow_1, the `flow` dictionary routes it to the leave screens) and the two-step approval of
 * stock movements (flow_3: curator, then director — role aliases).
 */
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef"`;

const shape = (id: string, x: number, y: number, w: number, h: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
const edge = (id: string, ...pts: Array<[number, number]>) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;

export const LEAVE_PROCESS_KEY = 'leave';
export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS}>
  <process id="${LEAVE_PROCESS_KEY}" name="请假流程" isExecutable="true">
    <startEvent id="start" name="发起请假" flowable:initiator="applyUser"/>
    <sequenceFlow id="toApprove" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="审批人审批" flowable:assignee="\${taskUser}"/>
    <sequenceFlow id="toDecide" sourceRef="approve" targetRef="decide"/>
    <exclusiveGateway id="decide" name="是否同意"/>
    <sequenceFlow id="approved" name="同意" sourceRef="decide" targetRef="endApproved"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="rejected" name="驳回" sourceRef="decide" targetRef="endRejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <endEvent id="endApproved" name="请假通过"/>
    <endEvent id="endRejected" name="请假驳回"/>
  </process>
  <bpmndi:BPMNDiagram id="leave_diagram"><bpmndi:BPMNPlane id="leave_plane" bpmnElement="${LEAVE_PROCESS_KEY}">
    ${shape('start', 100, 142, 36, 36)}${shape('approve', 200, 120, 100, 80)}${shape('decide', 360, 135, 50, 50)}
    ${shape('endApproved', 480, 142, 36, 36)}${shape('endRejected', 480, 252, 36, 36)}
    ${edge('toApprove', [136, 160], [200, 160])}${edge('toDecide', [300, 160], [360, 160])}
    ${edge('approved', [410, 160], [480, 160])}${edge('rejected', [385, 185], [385, 270], [480, 270])}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

export const STOCK_APPROVAL_BPMN = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS}>
  <process id="${key}" name="存栏变动审批" isExecutable="true">
    <startEvent id="start" name="提交变动"/>
    <sequenceFlow id="toCurator" sourceRef="start" targetRef="curatorApprove"/>
    <userTask id="curatorApprove" name="主管审批" flowable:candidateGroups="curator"/>
    <sequenceFlow id="toCuratorDecide" sourceRef="curatorApprove" targetRef="curatorDecide"/>
    <exclusiveGateway id="curatorDecide" name="主管意见"/>
    <sequenceFlow id="curatorPass" name="同意" sourceRef="curatorDecide" targetRef="directorApprove"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="curatorReject" name="驳回" sourceRef="curatorDecide" targetRef="endRejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <userTask id="directorApprove" name="园长审批" flowable:candidateGroups="director"/>
    <sequenceFlow id="toDirectorDecide" sourceRef="directorApprove" targetRef="directorDecide"/>
    <exclusiveGateway id="directorDecide" name="园长意见"/>
    <sequenceFlow id="directorPass" name="同意" sourceRef="directorDecide" targetRef="endApproved"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="directorReject" name="驳回" sourceRef="directorDecide" targetRef="endRejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <endEvent id="endApproved" name="审批通过"/>
    <endEvent id="endRejected" name="审批驳回"/>
  </process>
  <bpmndi:BPMNDiagram id="stock_diagram"><bpmndi:BPMNPlane id="stock_plane" bpmnElement="${key}">
    ${shape('start', 100, 142, 36, 36)}${shape('curatorApprove', 190, 120, 100, 80)}${shape('curatorDecide', 340, 135, 50, 50)}
    ${shape('directorApprove', 440, 120, 100, 80)}${shape('directorDecide', 590, 135, 50, 50)}
    ${shape('endApproved', 700, 142, 36, 36)}${shape('endRejected', 700, 262, 36, 36)}
    ${edge('toCurator', [136, 160], [190, 160])}${edge('toCuratorDecide', [290, 160], [340, 160])}
    ${edge('curatorPass', [390, 160], [440, 160])}${edge('curatorReject', [365, 185], [365, 280], [700, 280])}
    ${edge('toDirectorDecide', [540, 160], [590, 160])}${edge('directorPass', [640, 160], [700, 160])}
    ${edge('directorReject', [615, 185], [615, 280], [700, 280])}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
