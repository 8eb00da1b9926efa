import { create } from 'zustand';

/** Which diagram the shell's flow dialog shows: an instance (with its path marked) or a bare definition. */
export interface FlowDiagramTarget {
  processInstanceId?: string;
  processDefinitionId?: string;
}

interface FlowDiagramState {
  target: FlowDiagramTarget | null;
  show(target: FlowDiagramTarget): void;
  close(): void;
}

/**
 * Opens the header's flow-diagram viewer from any screen (work lists, 流程管理, 流程跟踪): screens may not
 * import the shell, so they ask through this store and the shell's dialog follows it.
 */
export const useFlowDiagram = create<FlowDiagramState>()((set) => ({
  target: null,
  show: (target) => set({ target }),
  close: () => set({ target: null }),
}));
