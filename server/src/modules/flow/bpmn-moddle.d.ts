// bpmn-moddle ships no types: the part the flow module reads.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    $attrs?: Record<string, string>;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: Array<{ message: string }> }>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
