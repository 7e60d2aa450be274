// The single key router: a key name goes to the first live binding whose handler returns true. Text modals
// (filter, reason) get the printable keys no binding took.
import { isPrintable } from './normalize.js';
import { activeBindings, type CommandId, type ModalKind, type PaneId } from './table.js';

export type Handlers = Record<CommandId, () => boolean>;

export interface RouteContext {
  modal: ModalKind | null;
  pane: PaneId;
  /** Text entry for the open text modal; returns true when it took the character. */
  text?: (char: string) => boolean;
}

export const TEXT_MODALS: readonly ModalKind[] = ['filter', 'reason'];

/** Routes one key; returns the command that consumed it, 'text', or null when nothing did. */
export function routeKey(name: string, ctx: RouteContext, handlers: Handlers): CommandId | 'text' | null {
  for (const binding of activeBindings(ctx.modal, ctx.pane)) {
    if (!binding.keys.includes(name)) continue;
    if (handlers[binding.id]()) return binding.id;
  }
  if (ctx.modal && TEXT_MODALS.includes(ctx.modal) && ctx.text && isPrintable(name)) {
    return ctx.text(name === 'space' ? ' ' : name) ? 'text' : null;
  }
  return null;
}
