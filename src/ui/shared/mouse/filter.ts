// Takes the mouse reports out of what Ink reads from stdin: Ink reads its input with `stdin.read()` on 'readable',
// so that method is wrapped for as long as the screen runs; the reports go to `onMouse`, the rest to Ink unchanged.
import { splitMouse, type MouseEvent } from './sgr.js';

/** How long an unfinished report may wait for its end before it is dropped (never passed on as keys). */
const PARTIAL_MS = 100;

type Readable = Pick<NodeJS.ReadStream, 'read'>;

/** Wraps `stdin.read`; returns the function that puts it back. */
export function filterMouse(stdin: Readable, onMouse: (event: MouseEvent) => void): () => void {
  const own = Object.prototype.hasOwnProperty.call(stdin, 'read');
  const original = stdin.read;
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const wrapped = function read(this: unknown, size?: number) {
    for (;;) {
      const chunk: unknown = original.call(stdin, size);
      if (chunk === null || chunk === undefined) return null;
      const { text, events, rest } = splitMouse(pending + (typeof chunk === 'string' ? chunk : String(chunk)));
      pending = rest;
      if (timer) clearTimeout(timer);
      timer = pending ? setTimeout(() => (pending = ''), PARTIAL_MS) : null;
      for (const event of events) onMouse(event);
      if (text) return text;
    }
  };
  stdin.read = wrapped as Readable['read'];
  return () => {
    if (timer) clearTimeout(timer);
    if (stdin.read !== wrapped) return;
    if (own) stdin.read = original;
    else delete (stdin as Partial<Readable>).read;
  };
}
