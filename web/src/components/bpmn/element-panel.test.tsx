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
