// Clicks and the wheel for Ink boxes. MouseProvider (at a screen's root) takes the reports out of stdin; a component
// marks its box with useMouseArea(handler) and gets the events that land in it, with coordinates inside the box.
// Where a box is comes from Ink's layout at the moment of the event (the last frame drawn). Every screen's frame is
// one line shorter than the terminal, so the frame's first line is the terminal's first line.
import { useStdin, type DOMElement } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { filterMouse } from './filter.js';
import type { MouseEvent, MouseKind } from './sgr.js';

/** An event inside a box: `x`/`y` count from the box's top-left corner. */
export interface AreaEvent {
  kind: Exclude<MouseKind, 'release' | 'drag'>;
  x: number;
  y: number;
}

export type AreaHandler = (event: AreaEvent) => void;

interface Area {
  ref: RefObject<DOMElement | null>;
  handler: RefObject<AreaHandler | undefined>;
}

const MouseContext = createContext<Set<Area> | null>(null);

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a box is on the screen, from Ink's layout (null when it is not laid out). */
export function screenRect(element: DOMElement): Rect | null {
  const node = element.yogaNode;
  if (!node) return null;
  let x = 0;
  let y = 0;
  for (let at: DOMElement | undefined = element; at; at = at.parentNode) {
    if (!at.yogaNode) return null;
    x += at.yogaNode.getComputedLeft();
    y += at.yogaNode.getComputedTop();
  }
  return { x, y, width: node.getComputedWidth(), height: node.getComputedHeight() };
}

/** Sends an event to the smallest box it lands in (a row's box before its pane's). Presses of the left button only. */
export function dispatchMouse(areas: Iterable<Area>, event: MouseEvent): boolean {
  if (event.kind === 'release' || event.kind === 'drag' || (event.kind === 'press' && event.button !== 0)) return false;
  let best: { area: Area; rect: Rect } | null = null;
  for (const area of areas) {
    const rect = area.ref.current && area.handler.current ? screenRect(area.ref.current) : null;
    if (!rect || event.x < rect.x || event.y < rect.y || event.x >= rect.x + rect.width || event.y >= rect.y + rect.height) continue;
    if (!best || rect.width * rect.height < best.rect.width * best.rect.height) best = { area, rect };
  }
  if (!best) return false;
  best.area.handler.current?.({ kind: event.kind, x: event.x - best.rect.x, y: event.y - best.rect.y });
  return true;
}

/** Takes the mouse reports out of the screen's input for as long as it is drawn, and routes them to the boxes. */
export function MouseProvider({ children }: { children: ReactNode }) {
  const { stdin } = useStdin();
  const areas = useMemo(() => new Set<Area>(), []);
  useEffect(() => filterMouse(stdin, (event) => dispatchMouse(areas, event)), [stdin, areas]);
  return <MouseContext.Provider value={areas}>{children}</MouseContext.Provider>;
}

/** A ref for a Box whose clicks and wheel go to `handler` (nothing without a MouseProvider above or a handler). */
export function useMouseArea(handler: AreaHandler | undefined): RefObject<DOMElement | null> {
  const areas = useContext(MouseContext);
  const ref = useRef<DOMElement | null>(null);
  const latest = useRef<AreaHandler | undefined>(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!areas) return;
    const area: Area = { ref, handler: latest };
    areas.add(area);
    return () => {
      areas.delete(area);
    };
  }, [areas]);
  return ref;
}

/** Wheel notches as a signed step: up is -1, down +1. */
export function wheelStep(event: AreaEvent): number {
  return event.kind === 'wheelUp' ? -1 : event.kind === 'wheelDown' ? 1 : 0;
}
