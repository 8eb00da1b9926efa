/** One entry of a process instance's history as model-view / history-flow-list return it (contract §7.2). */
export interface FlowTrace {
  historyActivityId?: string;
  historyActivityType?: string;
  endTime?: string;
}

/** A sequence flow of the diagram: its id and the ids of the nodes it joins. */
export interface FlowEdge {
  id: string;
  source: string;
  target: string;
}

export type FlowMark = 'finished' | 'running' | 'taken';

/**
 * Spec §4: finished nodes success, the running node primary, taken flows warning, candidates unmarked.
 * A node is running while any visit of it has no end time, finished once every visit ended. Flows come from the history when the server lists them
 * (`sequenceFlow` entries); otherwise a flow counts as taken when both of its ends were visited and its target
 * was reached after its source — the path the instance walked.
 */
export function flowMarks(trace: readonly FlowTrace[], edges: readonly FlowEdge[]): Map<string, FlowMark> {
  const marks = new Map<string, FlowMark>();
  const firstSeen = new Map<string, number>();
  let listedFlows = false;
  trace.forEach((item, index) => {
    const id = item.historyActivityId;
    if (!id) return;
    const type = item.historyActivityType ?? '';
    if (type === 'candidate') return;
    if (type === 'sequenceFlow') {
      listedFlows = true;
      marks.set(id, 'taken');
      return;
    }
    if (!firstSeen.has(id)) firstSeen.set(id, index);
    const running = !item.endTime;
    if (running) marks.set(id, 'running');
    else if (marks.get(id) !== 'running') marks.set(id, 'finished');
  });
  if (!listedFlows) {
    for (const edge of edges) {
      const from = firstSeen.get(edge.source);
      const to = firstSeen.get(edge.target);
      if (from !== undefined && to !== undefined && to > from) marks.set(edge.id, 'taken');
    }
  }
  return marks;
}
