// The single key router: a key name goes to the first live binding whose handler returns true. Text modals
// (filter, reason) get the printable keys no binding took.
import { isPrintable } from './normalize.js';
import type { KeyHandlers } from './key-table.js';
import { activeBindings, type CommandId, type ModalKind, type PaneId } from './table.js';

export type Handlers = KeyHandlers<CommandId>;

export interface RouteContext {
  modal: ModalKind | null;
  pane: PaneId;
  /** The preview is zoomed: the pager's keys come before the panes'. */
  zoom?: boolean;
  /** Text entry for the open text modal; returns true when it took the character. */
  text?: (char: string) => boolean;
}

export const TEXT_MODALS: readonly ModalKind[] = ['filter', 'reason'];

/** The first binding for the key whose handler returns true (it consumed the key), or null. Any screen's table. */
export function firstTaker<Id extends string>(
  bindings: readonly { id: Id; keys: readonly string[] }[],
  name: string,
  handlers: Record<Id, () => boolean>,
): Id | null {
  for (const binding of bindings) {
    if (binding.keys.includes(name) && handlers[binding.id]()) return binding.id;
  }
  return null;
}

/** Routes one key; returns the command that consumed it, 'text', or null when nothing did. */
export function routeKey(name: string, ctx: RouteContext, handlers: Handlers): CommandId | 'text' | null {
  const taken = firstTaker(activeBindings(ctx.modal, ctx.pane, ctx.zoom), name, handlers);
  if (taken) return taken;
  if (ctx.modal && TEXT_MODALS.includes(ctx.modal) && ctx.text && isPrintable(name)) {
    return ctx.text(name === 'space' ? ' ' : name) ? 'text' : null;
  }
  return null;
}
