// A home's own abbreviations and spelling variants, merged over the shipped table (abbreviations.ts):
// `<home>/.distill/abbreviations.json`, e.g.
//
//   { "abbreviations": { "mrr": "mean reciprocal rank", "rl": "rouge l" },
//     "variants": { "pre-norm": "prenorm" } }
//
// Keys are what people write (lower case, matched as whole words); values are the one form both sides are rewritten
// to (lower-case words). A key the shipped table has is replaced; `null` drops a shipped entry (a home where `RL` means
// ROUGE-L, not reinforcement learning). `quantities` names what a finding can say it moved (quantities.ts), as the name
// reads once the abbreviations are expanded, each with its quantity: `{ "tool-call failures": "tool failures",
// "memory": null }` for a home whose cards say `memory` of an agent's memory. `settings` names what a finding can be
// about (settings.ts) the same way: `{ "retry budget": "retries", "ensemble": null }`. A file that is not valid is an
// input error naming the file and the problem: exit 2, nothing written. No file: the shipped table.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import { stateDir } from '../files/paths.js';
import { readProblem, readRegularText } from '../files/read-file.js';
import { SHIPPED, type Vocabulary } from './expand.js';

export function vocabularyFile(home: string): string {
  return path.join(stateDir(home), 'abbreviations.json');
}

const KEY = /^[\p{Ll}\p{N}](?:[\p{Ll}\p{N} ./@+-]*[\p{Ll}\p{N}/])?$/u;
const VALUE = /^[\p{Ll}\p{N}]+(?:[ -][\p{Ll}\p{N}]+)*$/u;
const SECTIONS = ['abbreviations', 'variants', 'quantities', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

/** What a section's entries are, and an example of a value: for the one-line errors. */
const ENTRIES: Record<Section, [string, string]> = {
  abbreviations: ['"short form": "long form"', 'the long form must be lower-case words (e.g. "exact match")'],
  variants: ['"short form": "long form"', 'the long form must be lower-case words (e.g. "exact match")'],
  quantities: ['"name": "quantity"', 'the quantity it names must be lower-case words (e.g. "memory")'],
  settings: ['"name": "setting"', 'the setting it names must be lower-case words (e.g. "weight decay")'],
};
const EXPECTED = '"abbreviations", "variants", "quantities" and/or "settings"';

function problem(file: string, what: string): UserError {
  return new UserError(`${file}: ${what}`);
}

function merged(file: string, section: Section, shipped: Readonly<Record<string, string>>, value: unknown): Record<string, string> {
  if (value === undefined) return { ...shipped };
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw problem(file, `"${section}" must be an object of ${ENTRIES[section][0]} entries`);
  }
  const out: Record<string, string> = { ...shipped };
  for (const [key, long] of Object.entries(value)) {
    const where = `${section}."${key}"`;
    if (key.length > 40 || !KEY.test(key)) {
      throw problem(file, `${where}: a key is a word or short phrase in lower case (letters, digits, spaces, - . / @ +), at most 40 characters`);
    }
    if (long === null) {
      delete out[key];
      continue;
    }
    if (typeof long !== 'string' || long.length > 80 || !VALUE.test(long)) {
      throw problem(file, `${where}: ${ENTRIES[section][1]} or null, not ${JSON.stringify(long)}`);
    }
    out[key] = long;
  }
  return out;
}

/** The shipped table merged with the home's file; throws a UserError (exit 2) for a file that is not valid. */
export function loadVocabulary(home: string): Vocabulary {
  const file = vocabularyFile(home);
  if (!fs.existsSync(file)) return SHIPPED;
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: 1024 * 1024 });
  } catch (error) {
    throw problem(file, `cannot read it (${readProblem(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw problem(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw problem(file, `expected a JSON object with ${EXPECTED}`);
  }
  const unknown = Object.keys(parsed).filter((k) => !(SECTIONS as readonly string[]).includes(k));
  if (unknown.length) throw problem(file, `unknown key "${unknown[0]}" (expected ${EXPECTED})`);
  const record = parsed as Record<string, unknown>;
  return {
    abbreviations: merged(file, 'abbreviations', SHIPPED.abbreviations, record.abbreviations),
    variants: merged(file, 'variants', SHIPPED.variants, record.variants),
    quantities: record.quantities === undefined ? SHIPPED.quantities : merged(file, 'quantities', SHIPPED.quantities, record.quantities),
    settings: record.settings === undefined ? SHIPPED.settings : merged(file, 'settings', SHIPPED.settings, record.settings),
  };
}
