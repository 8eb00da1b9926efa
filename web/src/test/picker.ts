import { fireEvent, screen, within } from '@testing-library/react';

/** Types a value into an antd date (or range) picker input and confirms it with Enter. */
export function pick(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/**
 * Opens the select labelled `label` inside `scope` and clicks `option`. The newest dropdown is the last one in the
 * document (earlier pickers keep theirs, hidden).
 */
export async function chooseOption(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
}
