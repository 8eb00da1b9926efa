import { bpmn } from './flow-fixtures';

/** Diagrams of the BPMN timer tests (src/modules/flow/flow-timer.test.ts). */

/** A user task nobody does within `duration` is escalated: the interrupting boundary timer ends it on another branch. */
export const ESCALATE = (key: string, duration: string) =>
  bpmn(
    key,
    `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="u"/>
  <userTask id="u" name="限时办理" flowable:candidateGroups="curator"/>
  <sequenceFlow id="f2" sourceRef="u" targetRef="done"/><endEvent id="done" name="办结"/>
  <boundaryEvent id="late" name="超时" attachedToRef="u" cancelActivity="true"><timerEventDefinition><timeDuration>${duration}</timeDuration></timerEventDefinition></boundaryEvent>
  <sequenceFlow id="f3" sourceRef="late" targetRef="escalated"/><endEvent id="escalated" name="已升级"/>`,
  );
/** Waits, then offers a task: an intermediate catch event. */
export const WAIT_THEN_TASK = bpmn(
  'wait_then_task',
  `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="w"/>
  <intermediateCatchEvent id="w" name="等待"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>
  <sequenceFlow id="f2" sourceRef="w" targetRef="u"/><userTask id="u" name="等待后办理"/><sequenceFlow id="f3" sourceRef="u" targetRef="e"/><endEvent id="e"/>`,
);
