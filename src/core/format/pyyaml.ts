// PyYAML 6 `yaml.safe_dump(value, allow_unicode=True, sort_keys=False)` byte for byte (width 80, indent 2, block
// style), which is how DeepScientist writes card frontmatter. The emitter keeps PyYAML's own state (column,
// whitespace, indention, indent stack) because its quoting and line folding depend on exactly that state.
// Columns count code points, as Python's len() does. Shared containers are written out again rather than as
// `&id001` anchors; a cycle is an error.
import {
  analyzeScalar,
  escapeChar,
  needsEscape,
  type ScalarAnalysis,
} from './pyyaml-scalar.js';
import { resolvesTo } from './yaml11-rules.js';
import { represent, type MapNode, type ScalarNode, type SeqNode } from './pyyaml-represent.js';

interface Context {
  root?: boolean;
  mapping?: boolean;
  simpleKey?: boolean;
}

const BREAKS = '\n\x85\u2028\u2029';
const SURROGATE = /[\uD800-\uDFFF]/;

/** Python's len(): code points, a surrogate pair counting once. */
function codePoints(text: string): number {
  return SURROGATE.test(text) ? [...text].length : text.length;
}

class Emitter {
  private readonly out: string[] = [];
  private column = 0;
  private whitespace = true;
  private indention = true;
  private openEnded = false;
  private indent: number | null = null;
  private readonly indents: Array<number | null> = [];
  private readonly active = new Set<object>();
  private readonly bestIndent = 2;
  private readonly bestWidth = 80;

  dump(value: unknown): string {
    this.node(value, { root: true });
    this.writeIndent(); // document end
    if (this.openEnded) {
      this.writeIndicator('...', true);
      this.writeIndent();
    }
    return this.out.join('');
  }

  private write(data: string, width = codePoints(data)): void {
    this.column += width;
    this.out.push(data);
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, whitespace = false, indention = false): void {
    this.write(this.whitespace || !needWhitespace ? indicator : ' ' + indicator);
    this.whitespace = whitespace;
    this.indention = this.indention && indention;
    this.openEnded = false;
  }

  private writeIndent(): void {
    const indent = this.indent ?? 0;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.writeLineBreak();
    }
    if (this.column < indent) {
      this.whitespace = true;
      this.write(' '.repeat(indent - this.column));
    }
  }

  private writeLineBreak(data = '\n'): void {
    this.whitespace = true;
    this.indention = true;
    this.out.push(data);
    this.column = 0;
  }

  private increaseIndent(flow: boolean, indentless = false): void {
    this.indents.push(this.indent);
    if (this.indent === null) this.indent = flow ? this.bestIndent : 0;
    else if (!indentless) this.indent += this.bestIndent;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() ?? null;
  }

  private node(value: unknown, ctx: Context): void {
    const node = represent(value);
    if (node.kind === 'scalar') return this.scalar(node, ctx);
    if (this.active.has(value as object)) throw new TypeError('cannot represent a value that contains itself');
    this.active.add(value as object);
    if (node.kind === 'seq') this.sequence(node, ctx);
    else this.mapping(node);
    this.active.delete(value as object);
  }

  private sequence(node: SeqNode, ctx: Context): void {
    if (node.items.length === 0) return this.emptyFlow('[', ']');
    this.increaseIndent(false, Boolean(ctx.mapping) && !this.indention);
    for (const item of node.items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, {});
    }
    this.popIndent();
  }

  private mapping(node: MapNode): void {
    if (node.entries.length === 0) return this.emptyFlow('{', '}');
    this.increaseIndent(false);
    for (const [key, value] of node.entries) {
      this.writeIndent();
      const keyNode: ScalarNode = { kind: 'scalar', tag: 'str', value: key };
      const analysis = analyzeScalar(key);
      // A simple key's length counts its prepared tag ('!!str') too.
      if (!analysis.empty && !analysis.multiline && 5 + analysis.length < 128) {
        this.scalar(keyNode, { mapping: true, simpleKey: true }, analysis);
        this.writeIndicator(':', false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.scalar(keyNode, { mapping: true }, analysis);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(value, { mapping: true });
    }
    this.popIndent();
  }

  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true);
    this.writeIndicator(close, false);
  }

  private chooseStyle(node: ScalarNode, a: ScalarAnalysis, ctx: Context): '' | "'" | '"' {
    const plainImplicit = resolvesTo(node.value) === node.tag;
    if (plainImplicit && !(ctx.simpleKey && (a.empty || a.multiline)) && a.allowBlockPlain) return '';
    if (a.allowSingleQuoted && !(ctx.simpleKey && a.multiline)) return "'";
    return '"';
  }

  private scalar(node: ScalarNode, ctx: Context, analysis = analyzeScalar(node.value)): void {
    const style = this.chooseStyle(node, analysis, ctx);
    // Quoted scalars read back as strings, so a quoted non-string needs its tag (never happens for str).
    if (style !== '' && node.tag !== 'str') this.writeIndicator(`!!${node.tag}`, true);
    this.increaseIndent(true);
    const split = !ctx.simpleKey;
    if (style === '"') this.writeDoubleQuoted([...node.value], split);
    else if (style === "'") this.writeSingleQuoted([...node.value], split);
    else this.writePlain(node.value, split, Boolean(ctx.root));
    this.popIndent();
  }

  private writeBreaks(text: string[], start: number, end: number): void {
    if (text[start] === '\n') this.writeLineBreak();
    for (let i = start; i < end; i++) this.writeLineBreak(text[i]);
    this.writeIndent();
  }

  /** A plain scalar never holds a line break nor starts or ends with a space (analyzeScalar rules those out), so
   *  PyYAML's character loop comes down to: words as they are, a single space between two words becomes a line
   *  break once the column is past the width, longer runs of spaces are kept. */
  private writePlain(text: string, split: boolean, root: boolean): void {
    if (root) this.openEnded = true;
    if (text.length === 0) return;
    if (!this.whitespace) this.write(' ');
    this.whitespace = false;
    this.indention = false;
    for (const [run] of text.matchAll(/ +|[^ ]+/g)) {
      if (run[0] !== ' ') this.write(run, codePoints(run));
      else if (run.length === 1 && this.column > this.bestWidth && split) {
        this.writeIndent();
        this.whitespace = false;
        this.indention = false;
      } else this.write(run, run.length);
    }
  }

  private writeSingleQuoted(text: string[], split: boolean): void {
    this.writeIndicator("'", true);
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= text.length; end++) {
      const ch = end < text.length ? text[end] : null;
      if (spaces) {
        if (ch !== ' ') {
          if (start + 1 === end && this.column > this.bestWidth && split && start !== 0 && end !== text.length) {
            this.writeIndent();
          } else {
            this.write(text.slice(start, end).join(''), end - start);
          }
          start = end;
        }
      } else if (breaks) {
        if (ch === null || !BREAKS.includes(ch)) {
          this.writeBreaks(text, start, end);
          start = end;
        }
      } else if (ch === null || ch === ' ' || ch === "'" || BREAKS.includes(ch)) {
        if (start < end) {
          this.write(text.slice(start, end).join(''), end - start);
          start = end;
        }
      }
      if (ch === "'") {
        this.write("''", 2);
        start = end + 1;
      }
      if (ch !== null) {
        spaces = ch === ' ';
        breaks = BREAKS.includes(ch);
      }
    }
    this.writeIndicator("'", false);
  }

  private writeDoubleQuoted(text: string[], split: boolean): void {
    this.writeIndicator('"', true);
    let start = 0;
    for (let end = 0; end <= text.length; end++) {
      const ch = end < text.length ? text[end] : null;
      if (ch === null || needsEscape(ch)) {
        if (start < end) {
          this.write(text.slice(start, end).join(''), end - start);
          start = end;
        }
        if (ch !== null) {
          this.write(escapeChar(ch));
          start = end + 1;
        }
      }
      if (
        end > 0 &&
        end < text.length - 1 &&
        (ch === ' ' || start >= end) &&
        this.column + (end - start) > this.bestWidth &&
        split
      ) {
        const pending = start < end ? text.slice(start, end).join('') : '';
        this.write(pending + '\\', Math.max(end - start, 0) + 1);
        if (start < end) start = end;
        this.writeIndent();
        this.whitespace = false;
        this.indention = false;
        if (text[start] === ' ') this.write('\\', 1);
      }
    }
    this.writeIndicator('"', false);
  }
}

/** `yaml.safe_dump(value, allow_unicode=True, sort_keys=False)` as PyYAML 6 writes it. `undefined` object values are
 *  left out; safe integers and bigints are ints, other numbers and `PyFloat`s floats. Throws TypeError for anything else. */
export function dumpYaml(value: unknown): string {
  return new Emitter().dump(value);
}
