// The list moves every screen binds the same way (j/k, g/G and their arrow and Home/End keys), through the screen's
// own `move` and `jump` actions read from its store at call time.
export interface ListMoves {
  move(delta: number): boolean;
  jump(to: 'top' | 'bottom'): boolean;
}

export function listHandlers(get: () => ListMoves): Record<'list.down' | 'list.up' | 'list.top' | 'list.bottom', () => boolean> {
  return {
    'list.down': () => get().move(1),
    'list.up': () => get().move(-1),
    'list.top': () => get().jump('top'),
    'list.bottom': () => get().jump('bottom'),
  };
}
