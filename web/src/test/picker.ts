import { fireEvent } from '@testing-library/react';

/** Types a value into an antd date (or range) picker input and confirms it with Enter. */
export function pick(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
