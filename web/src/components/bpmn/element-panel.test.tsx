import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { ElementPanel, type Selected } from './element-panel';

/** The modeler's side panel on a timer event: the value becomes a duration or a date of its timer definition. */
function boundary(timer: Record<string, unknown>) {
  const definition = { $type: 'bpmn:TimerEventDefinition', ...timer };
  const selected: Selected = {
    element: {
      id: 'late',
      type: 'bpmn:BoundaryEvent',
      businessObject: { id: 'late', name: '超时', $type: 'bpmn:BoundaryEvent', eventDefinitions: [definition] },
    },
    modeling: { updateProperties: vi.fn(), updateModdleProperties: vi.fn() },
    moddle: { create: (type, attrs) => ({ $type: type, ...attrs }) },
  };
  return { selected, definition };
}

describe('element panel: timers', () => {
  it('edits a boundary timer as a duration, or as a date when a date is typed', async () => {
    const { selected, definition } = boundary({ timeDuration: { body: 'PT1H' } });
    renderPage(<ElementPanel selected={selected} revision={0} />);
    expect(await screen.findByText('边界事件')).toBeInTheDocument();
    const input = screen.getByTestId('bpmn-timer');
    expect(input).toHaveValue('PT1H');
    fireEvent.change(input, { target: { value: 'PT30M' } });
    fireEvent.blur(input);
    expect(selected.modeling.updateModdleProperties).toHaveBeenLastCalledWith(selected.element, definition, {
      timeDuration: { $type: 'bpmn:FormalExpression', body: 'PT30M' },
      timeDate: undefined,
      timeCycle: undefined,
    });
    fireEvent.change(input, { target: { value: '2026-12-01T09:00:00+08:00' } });
    fireEvent.blur(input);
    expect(selected.modeling.updateModdleProperties).toHaveBeenLastCalledWith(selected.element, definition, {
      timeDuration: undefined,
      timeDate: { $type: 'bpmn:FormalExpression', body: '2026-12-01T09:00:00+08:00' },
      timeCycle: undefined,
    });
  });

  it('shows no timer field on other elements', async () => {
    const selected: Selected = {
      element: { id: 'u', type: 'bpmn:UserTask', businessObject: { id: 'u', $type: 'bpmn:UserTask' } },
      modeling: { updateProperties: vi.fn(), updateModdleProperties: vi.fn() },
      moddle: { create: vi.fn() },
    };
    renderPage(<ElementPanel selected={selected} revision={0} />);
    expect(await screen.findByTestId('bpmn-assignee')).toBeInTheDocument();
    expect(screen.queryByTestId('bpmn-timer')).toBeNull();
  });
});

describe('element panel: service tasks', () => {
  it('offers the registered services by name and writes the inputs as flowable:field elements', async () => {
    const bo: Record<string, unknown> = { id: 's', name: '通知', $type: 'bpmn:ServiceTask', type: 'notice' };
    const selected: Selected = {
      element: { id: 's', type: 'bpmn:ServiceTask', businessObject: bo as never },
      modeling: { updateProperties: vi.fn(), updateModdleProperties: vi.fn() },
      moddle: { create: (type, attrs) => ({ $type: type, ...attrs }) },
    };
    renderPage(<ElementPanel selected={selected} revision={0} />);
    expect(await screen.findByText('服务任务')).toBeInTheDocument();
    expect(screen.getByText('发布通知公告 (notice)')).toBeInTheDocument();
    const title = screen.getByTestId('bpmn-field-title');
    fireEvent.change(title, { target: { value: '请假 ${days} 天' } });
    fireEvent.blur(title);
    expect(selected.modeling.updateProperties).toHaveBeenLastCalledWith(selected.element, {
      extensionElements: { $type: 'bpmn:ExtensionElements', values: [{ $type: 'flowable:Field', name: 'title', stringValue: '请假 ${days} 天' }] },
    });
    // A webhook asks for its own inputs.
    expect(screen.queryByTestId('bpmn-field-url')).toBeNull();
  });
});
