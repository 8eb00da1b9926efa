import type { ModdleElement } from 'bpmn-moddle';
import { parseBpmn } from './bpmn-read';

/**
 * A diagram image without a browser: the BPMN file's own layout (BPMNDI shapes and edges) drawn as SVG, with the
 * spec §4 states — finished nodes success, the running node primary, taken flows warning, the rest plain.
 */
export interface Highlight {
  finished: Set<string>;
  running: Set<string>;
  flows: Set<string>;
}

const COLORS = { success: '#52c41a', primary: '#1677ff', warning: '#faad14', plain: '#333333' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function renderSvg(xml: string, hl: Highlight = { finished: new Set(), running: new Set(), flows: new Set() }): Promise<string> {
  const { root } = await parseBpmn(xml).catch(async () => ({ root: null as ModdleElement | null }));
  const plane = ((root?.diagrams as ModdleElement[] | undefined)?.[0]?.plane ?? null) as ModdleElement | null;
  const items = ((plane?.planeElement as ModdleElement[] | undefined) ?? []) as ModdleElement[];
  let maxX = 200;
  let maxY = 100;
  let minX = Infinity;
  let minY = Infinity;
  const body: string[] = [];
  for (const it of items) {
    const el = it.bpmnElement as ModdleElement | undefined;
    if (!el) continue;
    const id = el.id ?? '';
    const color = hl.running.has(id)
      ? COLORS.primary
      : hl.finished.has(id) || hl.flows.has(id)
        ? el.$type === 'bpmn:SequenceFlow'
          ? COLORS.warning
          : COLORS.success
        : COLORS.plain;
    const width = color === COLORS.plain ? 1.5 : 3;
    if (it.$type === 'bpmndi:BPMNEdge') {
      const pts = ((it.waypoint as Array<{ x: number; y: number }> | undefined) ?? []).map((p) => `${p.x},${p.y}`);
      for (const p of (it.waypoint as Array<{ x: number; y: number }> | undefined) ?? []) {
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
      }
      if (pts.length > 1)
        body.push(
          `<polyline data-element-id="${esc(id)}" points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="${width}" marker-end="url(#arrow)"/>`,
        );
      continue;
    }
    const b = it.bounds as Bounds | undefined;
    if (!b) continue;
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const t = el.$type;
    const attrs = `data-element-id="${esc(id)}" stroke="${color}" stroke-width="${width}"`;
    if (t.endsWith('Event')) {
      body.push(`<circle ${attrs} cx="${cx}" cy="${cy}" r="${b.width / 2}" fill="#fff" ${t === 'bpmn:EndEvent' ? 'stroke-width="4"' : ''}/>`);
      if (el.name) body.push(`<text x="${cx}" y="${b.y + b.height + 14}" text-anchor="middle" font-size="12">${esc(String(el.name))}</text>`);
    } else if (t.endsWith('Gateway')) {
      body.push(`<polygon ${attrs} points="${cx},${b.y} ${b.x + b.width},${cy} ${cx},${b.y + b.height} ${b.x},${cy}" fill="#fff"/>`);
      body.push(
        `<text x="${cx}" y="${cy + 6}" text-anchor="middle" font-size="18">${t === 'bpmn:ParallelGateway' ? '+' : t === 'bpmn:InclusiveGateway' ? 'o' : '×'}</text>`,
      );
      if (el.name) body.push(`<text x="${cx}" y="${b.y + b.height + 14}" text-anchor="middle" font-size="12">${esc(String(el.name))}</text>`);
    } else if (t === 'bpmn:Participant' || t === 'bpmn:Lane') {
      body.push(`<rect ${attrs} x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="none"/>`);
    } else if (t === 'bpmn:TextAnnotation') {
      body.push(`<text x="${b.x + 4}" y="${b.y + 16}" font-size="12">${esc(String(el.text ?? ''))}</text>`);
    } else {
      body.push(`<rect ${attrs} x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="10" fill="#fff"/>`);
      if (el.name) body.push(`<text x="${cx}" y="${cy + 4}" text-anchor="middle" font-size="12">${esc(String(el.name))}</text>`);
    }
  }
  if (!Number.isFinite(minX)) {
    minX = 0;
    minY = 0;
    body.push('<text x="10" y="30" font-size="14">该流程文件没有图形布局信息</text>');
  }
  const x0 = minX - 20;
  const y0 = minY - 20;
  const w = maxX - x0 + 40;
  const h = maxY - y0 + 40;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x0} ${y0} ${w} ${h}" width="${w}" height="${h}" font-family="sans-serif">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/></marker></defs>
${body.join('\n')}
</svg>`;
}
