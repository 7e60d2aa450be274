// Writes card frontmatter the way DeepScientist's PyYAML `safe_dump(sort_keys=False)` does for the shapes the
// generator uses: block lists not indented under their key, ISO strings and number-like strings single-quoted,
// long plain scalars folded at 80 columns onto indented continuation lines.

const NEEDS_QUOTES = /^(?:[-?:,[\]{}#&*!|>'"%@`~]|$)|: | #|^\s|\s$|^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL)$|^[-+]?[0-9][0-9_.:eE+-]*$|^\d{4}-\d\d-\d\d/;

export function scalar(value, column = 0, cont = 2) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = String(value);
  if (NEEDS_QUOTES.test(text) || text.includes('\n')) return `'${text.replace(/'/g, "''")}'`;
  return fold(text, column, cont);
}

/** PyYAML folds a long plain scalar at the first space past 80 columns; continuation lines are indented. */
function fold(text, indent, cont) {
  if (text.length + indent < 80) return text;
  const words = text.split(' ');
  const lines = [];
  let line = '';
  let column = indent;
  for (const word of words) {
    if (line && column + line.length > 80) {
      lines.push(line);
      line = word;
      column = cont;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n' + ' '.repeat(cont));
}

/** `key: value` lines for a flat mapping whose values are scalars, lists of scalars or lists of flat mappings. */
export function dumpMapping(meta) {
  const out = [];
  for (const [key, value] of Object.entries(meta)) {
    if (Array.isArray(value)) {
      if (value.length === 0) {
        out.push(`${key}: []`);
        continue;
      }
      out.push(`${key}:`);
      for (const item of value) {
        if (item && typeof item === 'object') {
          const entries = Object.entries(item);
          entries.forEach(([k, v], i) => out.push(`${i === 0 ? '- ' : '  '}${k}: ${scalar(v, k.length + 4, 4)}`));
        } else {
          out.push(`- ${scalar(item, 2, 2)}`);
        }
      }
    } else {
      out.push(`${key}: ${scalar(value, key.length + 2, 2)}`);
    }
  }
  return out.join('\n');
}

export function cardText(meta, body) {
  return `---\n${dumpMapping(meta)}\n---\n${body.replace(/\s+$/, '')}\n`;
}

export function slugify(text, fallback) {
  const slug = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || fallback;
}
