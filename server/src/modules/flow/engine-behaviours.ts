import { Activity } from 'bpmn-elements';
import { BizError } from '../../platform/http/errors';
import type { StepInput } from './engine';

/**
 * What the engine's steps add to bpmn-elements (engine.ts), each through the library's public objects: the
 * inclusive join, event sub-processes started from outside, and the cancelled catches of an event-based gateway.
 */

/**
 * Inclusive gateways that join (BPMN 2.0.2 §13.4.3): bpmn-elements runs an inclusive gateway as a pass-through, so
 * its join fired on the first branch to arrive. Built instead with bpmn-elements' parallel-join flag, it waits for
 * every incoming flow to be taken or discarded; the branches the fork did not take reach it as discards (the
 * engine's dead-path elimination), so it waits for exactly the branches taken. The fork is unchanged: every
 * outgoing flow whose condition holds, else the default flow.
 */
export function InclusiveGateway(activityDef: Record<string, unknown>, context: unknown) {
  function Behaviour(this: { broker: { publish(...a: unknown[]): void } }, activity: { broker: { publish(...a: unknown[]): void } }) {
    this.broker = activity.broker;
  }
  Behaviour.prototype.execute = function execute(this: { broker: { publish(...a: unknown[]): void } }, { content }: { content: object }) {
    this.broker.publish('execution', 'execute.completed', { ...content });
  };
  return new (Activity as unknown as new (...a: unknown[]) => unknown)(Behaviour, { ...activityDef, isParallelGateway: true }, context);
}

interface ActivityLike {
  type: string;
  isRunning: boolean;
  inbound: Array<{ sourceId: string }>;
  discard(): void;
}
export interface ExecutionLike {
  getActivityById(id: string): (ActivityLike & { run(content?: object): void }) | undefined;
}

/**
 * Runs an event sub-process (bpmn-elements runs one only for an event thrown inside its process). Its start event
 * then waits for its message or signal (delivered next, `deliver`) or sets its timer, fired here: the scheduler
 * found it due.
 */
export function startEventSub(execution: ExecutionLike, t: NonNullable<StepInput['trigger']>, fireTimerOf: (activityId: string) => void): void {
  const sub = execution.getActivityById(t.subProcess);
  if (!sub) throw new BizError(`流程中找不到事件子流程「${t.subProcess}」`);
  if (sub.isRunning) throw new BizError('事件子流程仍在进行中,请待其结束后再触发');
  sub.run();
  fireTimerOf(t.startId);
}

/**
 * The catches of an event-based gateway that is over are cancelled. bpmn-elements cancels them when the first one
 * completes, but a timer found expired when a step resumes the saved state completes during the resume, before the
 * catches after it are resumed: those would then wait on (BPMN 2.0.2 §13.4.2: the others are cancelled).
 */
export function dropOrphanedCatches(execution: ExecutionLike, postponed: Array<{ id: string }>): void {
  for (const a of postponed) {
    const activity = execution.getActivityById(a.id);
    if (!activity?.inbound.length) continue;
    const orphaned = activity.inbound.every((f) => {
      const source = execution.getActivityById(f.sourceId);
      return source?.type === 'bpmn:EventBasedGateway' && !source.isRunning;
    });
    if (orphaned) activity.discard();
  }
}
