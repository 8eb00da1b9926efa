import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn.css';
import { Alert, theme } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { flowMarks, type FlowEdge, type FlowTrace } from './flow-markers';
import { flowableModdle } from './flowable-moddle';

export interface FlowViewerProps {
  /** BPMN 2.0 XML of the definition (model-view `data.xml`). */
  xml: string;
  /** The instance's history (model-view `data.flow`); absent for a bare definition. */
  flow?: readonly FlowTrace[];
  height?: number | string;
}

interface ElementLike {
  id: string;
  type: string;
  businessObject?: { sourceRef?: { id: string }; targetRef?: { id: string } };
}

/**
 * The read-only diagram (bpmn-js NavigatedViewer: pan with the mouse, zoom with the wheel) with the path an
 * instance took marked in the theme's colours. Import this module lazily: bpmn-js is ~1 MB and no first page
 * needs it.
 */
export default function FlowViewer({ xml, flow, height = 480 }: FlowViewerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!host.current || !xml) return;
    const viewer = new NavigatedViewer({ container: host.current, moddleExtensions: { flowable: flowableModdle } });
    let live = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!live) return;
        setError('');
        const registry = viewer.get<{ getAll(): ElementLike[] }>('elementRegistry');
        const canvas = viewer.get<{ addMarker(id: string, cls: string): void; zoom(fit: string, center?: string): void }>('canvas');
        const edges: FlowEdge[] = registry
          .getAll()
          .filter((e) => e.type === 'bpmn:SequenceFlow')
          .map((e) => ({ id: e.id, source: e.businessObject?.sourceRef?.id ?? '', target: e.businessObject?.targetRef?.id ?? '' }));
        const known = new Set(registry.getAll().map((e) => e.id));
        for (const [id, mark] of flowMarks(flow ?? [], edges)) if (known.has(id)) canvas.addMarker(id, `flow-${mark}`);
        canvas.zoom('fit-viewport', 'auto');
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, flow]);
  const colours = {
    '--flow-success': token.colorSuccess,
    '--flow-success-bg': token.colorSuccessBg,
    '--flow-primary': token.colorPrimary,
    '--flow-primary-bg': token.colorPrimaryBg,
    '--flow-warning': token.colorWarning,
    height,
  } as CSSProperties;
  return (
    <>
      {error ? <Alert type="error" showIcon title={t('bpmn.importFailed')} description={error} style={{ marginBottom: 8 }} /> : null}
      <div ref={host} className="zoo-bpmn" style={colours} data-testid="flow-viewer" />
    </>
  );
}
