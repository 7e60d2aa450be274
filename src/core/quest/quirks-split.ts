// How a quirks file (`framework_quirks.md`, `system_quirks.md`) splits into entries, and each entry's content id.
// Agents append to these files as they like: a `## ` heading per entry (what DeepScientist's own admin code looks
// for), `###` sub-headings for the fields system_quirks.md's preamble asks for, or plain paragraphs. An entry decided
// in a review is known by its id; text appended after it later must not change it (settleDecided).
import crypto from 'node:crypto';

/** The paragraphs `ensure_home_layout` (DeepScientist home.py) writes at the top of each file: preamble, not entries. */
const PREAMBLE = [
  'Append-only durable file for framework-layer pitfalls (validator path quirks, closure-protocol gotchas, anything that cannot or will not be fixed in code and that future quests should know about before exercising the same surfaces).',
  'Each entry should name the surface, the symptom, and the workaround in 2-5 lines. Stage skills (idea, decision, finalize) instruct agents to read this file before committing to a route that would touch the relevant surface.',
  'If a quirk should instead be fixed at the framework level, file an issue and fix the code; do not add it here as a permanent shim.',
  'Append-only durable file for confirmed DeepScientist runtime or system bugs that may help future admin/debug issue reports.',
  'Each entry should include: expected behavior, actual behavior, reproduction, impact, workaround, suggested fix, evidence paths, and status. Keep entries redacted: do not store secrets, tokens, private hostnames, raw logs, or private paths unless they are necessary and already safe to disclose.',
  'Prefer fixing code over recording permanent quirks. Use this file for confirmed system behavior that is not yet fixed or for a short-lived workaround while the fix lands.',
].map(squash);

export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface QuirkSplitEntry {
  /** 1-based line of the entry's first line in the file. */
  line: number;
  /** The heading text, or null for a blank-line block. */
  heading: string | null;
  /** The entry as written (LF line ends), heading included. */
  text: string;
}

export const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

/**
 * Entries the way agents append them: a `#`/`##`/`###` heading starts an entry that runs to the next heading of the
 * same or a higher level (a deeper one, `###` under `##`, is part of it) or a `---` rule; text outside headed entries
 * splits into blocks at blank lines. The file's own `# ... Quirks` title and the preamble paragraphs DeepScientist
 * writes are skipped. Blank lines and headings inside code fences do not split.
 */
export function splitQuirks(input: string): QuirkSplitEntry[] {
  return splitLines(input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n'), 0, true);
}

/** `lines` split into entries; `offset` lines come before them in the file; `fileStart`: the file's title may follow. */
function splitLines(lines: string[], offset: number, fileStart: boolean): QuirkSplitEntry[] {
  const out: QuirkSplitEntry[] = [];
  let current: { line: number; heading: string | null; level: number; lines: string[] } | null = null;
  let inFence = false;
  let seenContent = !fileStart;
  const close = () => {
    if (!current) return;
    const text = trimEnd(current.lines).join('\n');
    if (text.trim() && !(current.heading === null && PREAMBLE.includes(squash(text)))) {
      out.push({ line: current.line, heading: current.heading, text });
    }
    current = null;
  };
  lines.forEach((line, i) => {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence || FENCE.test(line) ? null : HEADING.exec(line);
    const first = !seenContent && line.trim() !== '';
    if (line.trim() !== '') seenContent = true;
    if (heading) {
      // A sub-heading (`### Workaround` in a `## ` entry) is part of the entry it is under.
      if (current && current.heading !== null && heading[1].length > current.level) {
        current.lines.push(line);
        return;
      }
      close();
      // The file's own title (`# Framework Quirks`) is not an entry.
      if (first && heading[1] === '#' && /quirks?$/i.test(heading[2])) return;
      current = { line: offset + i + 1, heading: heading[2], level: heading[1].length, lines: [line] };
      return;
    }
    if (!inFence && RULE.test(line)) {
      close();
      return;
    }
    if (!inFence && line.trim() === '') {
      if (current && current.heading === null) close();
      else if (current) current.lines.push(line);
      return;
    }
    if (!current) current = { line: offset + i + 1, heading: null, level: 0, lines: [] };
    current.lines.push(line);
  });
  close();
  return out;
}

function trimEnd(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === '') end--;
  return lines.slice(0, end);
}

function idOfDigest(hash: crypto.Hash): string {
  return 'quirk-' + hash.digest('hex').slice(0, 8);
}

/** `quirk-<8 hex>` of the file kind and the entry text with whitespace normalized (CRLF, indentation, re-spacing). */
export function quirkId(kind: string, text: string): string {
  const normalized = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(squash)
    .filter(Boolean)
    .join('\n');
  return idOfDigest(crypto.createHash('sha256').update(`${kind}\n${normalized}`));
}

/** Lines that start a paragraph: after a blank line, or a heading (outside code fences); the first line too. */
function paragraphStarts(lines: string[]): number[] {
  const out = [0];
  let inFence = FENCE.test(lines[0] ?? '');
  for (let i = 1; i < lines.length; i++) {
    const fence = FENCE.test(lines[i]);
    if (!inFence && lines[i].trim() !== '' && (lines[i - 1].trim() === '' || (!fence && HEADING.test(lines[i])))) out.push(i);
    if (fence) inFence = !inFence;
  }
  return out;
}

/** How far a decided part starting inside an entry is looked for: entries are "2-5 lines"; a long one is a few dozen. */
const PART_LINES = 100;

/**
 * The first decided part of the entry `lines` other than the whole, the longest from where it starts. At the entry's
 * start it may end after any line (text glued on without a blank line); further in, it starts at a paragraph, ends
 * where a paragraph does, and spans at most PART_LINES lines, so a long entry costs a bounded pass per paragraph.
 * The ids are hashed as quirkId hashes them, one line at a time (hash.copy() at each possible end).
 */
function decidedPart(kind: string, lines: string[], decided: ReadonlySet<string>): { from: number; to: number } | null {
  const last = trimEnd(lines).length - 1;
  const starts = paragraphStarts(lines);
  const ends = new Set([...starts.map((i) => i - 1), last]);
  for (const from of starts) {
    const hash = crypto.createHash('sha256').update(`${kind}\n`);
    let sep = '';
    let to = 0;
    const stop = from === 0 ? last : Math.min(last, from + PART_LINES);
    for (let i = from; i <= stop; i++) {
      const part = squash(lines[i]);
      if (!part) continue;
      hash.update(sep + part);
      sep = '\n';
      const end = from === 0 ? i < last : ends.has(i) || lines[i + 1]?.trim() === '';
      if (end && decided.has(idOfDigest(hash.copy()))) to = i + 1;
    }
    if (to) return { from, to };
  }
  return null;
}

/**
 * Entries as a review left them. Text appended after a decided entry is glued to it by the split (a paragraph under
 * a heading is the heading's); so an entry that holds an entry already decided (`decided`: ids of the same file kind)
 * starting at one of its paragraphs is cut around it: the part before is an entry (settled the same way), the decided
 * part stays decided, and what follows is split as if it stood alone. A decided entry never comes back, and text
 * appended later is an entry of its own, with its own id and line.
 */
export function settleDecided(kind: string, entries: QuirkSplitEntry[], decided: ReadonlySet<string>): QuirkSplitEntry[] {
  if (decided.size === 0) return entries;
  const settle = (entry: QuirkSplitEntry): QuirkSplitEntry[] => {
    if (decided.has(quirkId(kind, entry.text))) return [entry];
    const lines = entry.text.split('\n');
    const part = decidedPart(kind, lines, decided);
    if (!part) return [entry];
    const { from, to } = part;
    const piece = (start: number, end: number): QuirkSplitEntry => {
      const heading = start === 0 ? entry.heading : (HEADING.exec(lines[start])?.[2] ?? null);
      return { line: entry.line + start, heading, text: trimEnd(lines.slice(start, end)).join('\n') };
    };
    const before = from > 0 ? settle(piece(0, from)) : [];
    const after = splitLines(lines.slice(to), entry.line - 1 + to, false).flatMap(settle);
    return [...before, piece(from, to), ...after];
  };
  return entries.flatMap(settle);
}

/** Distinct words of 4+ letters or digits, lowercased: what "this paragraph is in the edited text" is judged by. */
function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}_]{4,}/gu) ?? []));
}

/** A paragraph reached the edited text when at least a third of its words are there (a rewording keeps many). */
function reached(paragraph: string, edited: ReadonlySet<string>): boolean {
  const words = [...wordsOf(paragraph)];
  if (words.length === 0) return true;
  return words.filter((w) => edited.has(w)).length * 3 >= words.length;
}

/**
 * The ids to record as decided when an entry was edited before its decision (issue 32 item 2): only what reached
 * the edited text. The entry's first paragraph always counts (the card is made from the entry); a later paragraph whose
 * words are mostly gone was cut. The kept paragraphs are recorded as the parts settleDecided cuts an entry into (a
 * kept run from the start, then what follows split as if it stood alone), so after the write the cut paragraphs are
 * listed as entries of their own and the rest stays decided. Nothing cut: the whole entry's id, as without an edit.
 */
export function decidedIdsOfEdit(kind: string, original: string, edited: string): string[] {
  const words = wordsOf(edited);
  const lines = original.split('\n');
  const starts = paragraphStarts(lines);
  const kept = new Array<boolean>(lines.length).fill(true);
  starts.forEach((from, i) => {
    const to = starts[i + 1] ?? lines.length;
    if (i > 0 && !reached(lines.slice(from, to).join('\n'), words)) kept.fill(false, from, to);
  });
  return keptParts(kind, lines, kept);
}

/** The ids of the kept runs of paragraphs of an entry (`lines`, with a kept flag per line), as settleDecided finds them. */
function keptParts(kind: string, lines: string[], kept: boolean[]): string[] {
  const filled = lines.map((l) => l.trim() !== '');
  if (!filled.some(Boolean)) return [];
  if (lines.every((_, i) => !filled[i] || kept[i])) return [quirkId(kind, trimEnd(lines).join('\n'))];
  const starts = paragraphStarts(lines);
  const paragraph = (i: number) => ({ from: starts[i], to: starts[i + 1] ?? lines.length });
  const first = starts.findIndex((s) => kept[s]);
  if (first < 0) return [];
  let last = first;
  while (last + 1 < starts.length && kept[starts[last + 1]]) last++;
  const { from } = paragraph(first);
  const to = from + trimEnd(lines.slice(from, paragraph(last).to)).length;
  const ids = [quirkId(kind, trimEnd(lines.slice(from, to)).join('\n'))];
  // What follows, split as settleDecided splits it after a decided part.
  for (const entry of splitLines(lines.slice(to), 0, false)) {
    const at = to + entry.line - 1;
    const count = entry.text.split('\n').length;
    ids.push(...keptParts(kind, lines.slice(at, at + count), kept.slice(at, at + count)));
  }
  return ids;
}
