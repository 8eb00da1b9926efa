import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './bpmn.css';
import { Alert } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { flowableModdle } from './flowable-moddle';
import { ElementPanel, type Selected } from './element-panel';

export interface FlowModelerHandle {
  /** The diagram as formatted BPMN 2.0 XML (what model/submit stores as modelEditorXml). */
  saveXML(): Promise<string>;
  /** Sets the process id and name (a new model's key and name become the definition's). */
  nameProcess(id: string, name: string): void;
}

export interface FlowModelerProps {
  xml: string;
  ref?: Ref<FlowModelerHandle>;
  height?: number;
}

interface Services {
  elementRegistry: { get(id: string): Selected['element'] | undefined };
  canvas: { getRootElement(): Selected['element']; zoom(fit: string, center?: string): void };
  eventBus: { on(event: string, cb: (e: { newSelection?: Selected['element'][]; element?: Selected['element'] }) => void): void };
  modeling: Selected['modeling'];
  moddle: Selected['moddle'];
}

/**
 * The BPMN modeler of 模型管理 (bpmn-js Modeler: palette, context pad, replace menu) with a side panel for the
 * attributes the engine reads: name, assignee, candidate users and groups, flow conditions. Lazy-load this
 * module; bpmn-js stays out of every page that does not draw.
 */
export default function FlowModeler({ xml, ref, height = 560 }: FlowModelerProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [error, setError] = useState('');
  const [revision, setRevision] = useState(0);

  useImperativeHandle(ref, () => ({
    async saveXML() {
      if (!modeler.current) throw new Error('modeler not ready');
      const { xml: out } = await modeler.current.saveXML({ format: true });
      return out ?? '';
    },
    nameProcess(id, name) {
      if (!modeler.current) return;
      const root = modeler.current.get<Services['canvas']>('canvas').getRootElement();
      modeler.current.get<Services['modeling']>('modeling').updateProperties(root, { id, name });
    },
  }));

  useEffect(() => {
    if (!host.current) return;
    const m = new Modeler({ container: host.current, moddleExtensions: { flowable: flowableModdle } });
    modeler.current = m;
    let live = true;
    const get = <K extends keyof Services>(name: K) => m.get<Services[K]>(name);
    const select = (element: Selected['element'] | undefined) => {
      const target = element ?? get('canvas').getRootElement();
      setSelected({ element: target, modeling: get('modeling'), moddle: get('moddle') });
    };
    m.importXML(xml)
      .then(() => {
        if (!live) return;
        setError('');
        get('canvas').zoom('fit-viewport', 'auto');
        const bus = get('eventBus');
        bus.on('selection.changed', (e) => select(e.newSelection?.length === 1 ? e.newSelection[0] : undefined));
        bus.on('element.changed', (e) => {
          if (e.element) setRevision((r) => r + 1);
        });
        select(undefined);
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
      modeler.current = null;
      m.destroy();
    };
  }, [xml]);

  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {error ? <Alert type="error" showIcon title={t('bpmn.importFailed')} description={error} style={{ width: '100%' }} /> : null}
      <div ref={host} className="zoo-bpmn" style={{ flex: '1 1 480px', height, border: '1px solid #f0f0f0' }} data-testid="flow-modeler" />
      <div style={{ flex: '0 0 260px' }}>{selected ? <ElementPanel selected={selected} revision={revision} /> : null}</div>
    </div>
  );
}
