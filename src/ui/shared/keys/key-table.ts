// The generic key table: the types every screen's table is written in. Key names are typed, so a misspelled key
// ('ctrl+rr', 'esc', 'enter') fails to compile; a binding is generic over the screen's command ids, so a binding that
// names an unknown command, or a handler map that misses one, fails to compile too. `group` draws the help sections.

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type Punct =
  | '!' | '"' | '#' | '$' | '%' | '&' | "'" | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '<' | '='
  | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '_' | '`' | '{' | '|' | '}' | '~';

/** A printable character as normalize.ts reports it (space has its own name). */
export type PrintableKey = Lower | Uppercase<Lower> | Digit | Punct;

/** The named keys normalize.ts turns Ink's key flags into. */
export type NamedKey =
  | 'up' | 'down' | 'left' | 'right' | 'pageup' | 'pagedown' | 'home' | 'end'
  | 'return' | 'tab' | 'shift+tab' | 'backspace' | 'escape' | 'space';

/** Ctrl chords arrive lower-cased ('ctrl+r'). */
export type CtrlKey = `ctrl+${Lower}`;

/** Every key name the router can receive. */
export type KeyName = PrintableKey | NamedKey | CtrlKey;

/** The help section a binding is listed under. */
export type KeyGroup = 'move' | 'view' | 'mark' | 'decide' | 'edit' | 'history' | 'write' | 'app' | 'dialog';

/** `view`: a long view that is no dialog (the review's zoomed preview), live ahead of the panes while it is open. */
export type Layer = 'modal' | 'view' | 'pane' | 'global';

/** One binding of a screen's table, generic over its command ids, modals and panes. */
export interface KeyBinding<Id extends string, Modal extends string = string, Pane extends string = string> {
  id: Id;
  keys: readonly KeyName[];
  layer: Layer;
  group: KeyGroup;
  /** For the modal layer: the modal it belongs to. */
  modal?: Modal;
  /** For the pane layer: the panes where it applies. */
  panes?: readonly Pane[];
  /** Short label for the key bar, or none to keep it out of the bar. */
  bar?: string;
  /** One line for the help screen. */
  help: string;
  /** The key bar (issue 35): the situations of the focused row in which this key goes first (the screen says which
   *  hold, e.g. `staged`, `run-no-drafts`, `draft`); `always` keeps it on the bar however narrow. */
  first?: readonly string[];
  always?: boolean;
}

/** A screen's handler map: one handler per command id, none missing, none extra. */
export type KeyHandlers<Id extends string> = Record<Id, () => boolean>;

/** A key bar entry: its label and its priority data from the table. */
export interface BarItem {
  label: string;
  first?: readonly string[];
  always?: boolean;
}

/**
 * The key bar at a width: the keys for what the focused row allows first (a `first` situation that holds), then the
 * rest in table order as room allows, the `always` ones kept whatever the width; shown in table order otherwise.
 */
export function fitBar(items: readonly BarItem[], situations: ReadonlySet<string>, width: number, gap = '  '): string {
  const len = (list: readonly BarItem[]) => list.reduce((n, b, i) => n + Array.from(b.label).length + (i ? gap.length : 0), 0);
  if (len(items) <= width) return items.map((b) => b.label).join(gap);
  const urgent = (b: BarItem) => Boolean(b.first?.some((s) => situations.has(s)));
  const keep = new Set(items.filter((b) => b.always || urgent(b)));
  for (const b of items) {
    if (keep.has(b)) continue;
    const next = new Set(keep).add(b);
    if (len(items.filter((x) => next.has(x))) <= width) keep.add(b);
  }
  // The urgent keys lead, then the others in table order, the always ones last (as `? help  q quit` end every bar).
  const order = [...items.filter((b) => keep.has(b) && urgent(b) && !b.always), ...items.filter((b) => keep.has(b) && !urgent(b) && !b.always), ...items.filter((b) => keep.has(b) && b.always)];
  return order.map((b) => b.label).join(gap);
}

/** The bindings of the given groups, in table order. */
export function inGroups<B extends { group: KeyGroup }>(table: readonly B[], groups: readonly KeyGroup[]): B[] {
  return table.filter((b) => groups.includes(b.group));
}

/**
 * A binding live on every layer: the global one (in the help) and one per modal (modals shadow the other layers).
 * For Ctrl+C, which every screen routes itself (Ink's own exit on Ctrl+C is off, src/ui/shared/screen-loop.ts): so a
 * screen with staged work can ask first, and a Ctrl+C inside a burst of keys is read like a lone one.
 */
export function onEveryLayer<Id extends string, Modal extends string, Pane extends string>(
  binding: Omit<KeyBinding<Id, Modal, Pane>, 'layer' | 'modal' | 'panes'>,
  modals: readonly Modal[],
): KeyBinding<Id, Modal, Pane>[] {
  return [{ ...binding, layer: 'global' }, ...modals.map((modal) => ({ ...binding, layer: 'modal' as const, modal, bar: undefined }))];
}
