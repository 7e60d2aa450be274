// A one-line text input as a pure reducer; its input binding is the router's text modal, its view `TextLine`.
export interface TextInputState {
  value: string;
}

export type TextInputAction = { type: 'insert'; text: string } | { type: 'backspace' } | { type: 'clear' };

export const MAX_INPUT = 200;

export function textInputReducer(state: TextInputState, action: TextInputAction): TextInputState {
  switch (action.type) {
    case 'insert': {
      const text = action.text.replace(/[\r\n\t]/g, ' ');
      return { value: (state.value + text).slice(0, MAX_INPUT) };
    }
    case 'backspace':
      return { value: Array.from(state.value).slice(0, -1).join('') };
    case 'clear':
      return { value: '' };
  }
}
