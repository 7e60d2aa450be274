// What `distill neighbors` answers, shared by the command, the MCP `neighbors` tool and the socket server: the target
// (a card id, a card or draft file, a draft id of the quest, or for the MCP tool a draft's text) and the global cards
// that resemble it, ranked, with the reasons.
import fs from 'node:fs';
import path from 'node:path';
import { isInside, parseCardTextFast, probeFromCard, probeFromMeta, readProblem, readRegularText, singularKind, UserError, type CardMeta, type FileWarning, type Neighbor, type Store } from '../../core/index.js';
import type { Target } from './neighbors-draft.js';
import type { CardSource } from './source.js';

export interface NeighborsAsk {
  home: string;
  env: NodeJS.ProcessEnv;
  /** Relative file paths and the quest of a draft id are taken from here. */
  cwd: string;
  /** A card id, a card or draft file path, or a draft id of the quest. */
  target: string;
  quest?: string;
  limit: number;
}

export interface NeighborsAnswer {
  target: Target;
  neighbors: Neighbor[];
  warnings: FileWarning[];
}

function fromCard(card: CardMeta): Target {
  return { kind: 'card', id: card.id, title: card.title, path: card.path, tags: card.tags, probe: probeFromCard(card) };
}

/**
 * A card or draft given as its text (frontmatter and body, or plain text) rather than a file: `file` names it in
 * messages. Without a title in the frontmatter: the file name, or with `titleFromText` the text's first line.
 */
export function targetOfText(text: string, file: string, titleFromText = false): Target {
  const parsed = parseCardTextFast(text);
  if (parsed.error) throw new UserError(`${file}: ${parsed.error}`);
  const firstLine = () => parsed.body.split('\n').map((l) => l.replace(/^#+\s*/, '').trim()).find(Boolean) ?? file;
  const probe = probeFromMeta(parsed.meta, parsed.body, titleFromText ? firstLine() : path.basename(file, '.md'), file);
  const id = typeof parsed.meta.id === 'string' ? parsed.meta.id : null;
  return { kind: 'file', id, title: probe.title, path: file, tags: [...probe.tags], probe };
}

function fromFile(file: string): Target {
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    throw new UserError(`${file}: cannot read (${readProblem(error)})`);
  }
  return targetOfText(text, file);
}

/** A card id, a card or draft file path, or a draft id of the quest (`quest`, else the quest around `cwd`). */
async function resolveTarget(arg: string, store: Store, cwd: string, quest: string | undefined): Promise<Target> {
  const card = store.byId(arg);
  if (card) return fromCard(card);
  if (arg.includes('/') || arg.endsWith('.md')) {
    const file = path.resolve(cwd, arg);
    const inStore = store.byPath(file);
    if (inStore) return fromCard(inStore);
    if (fs.existsSync(file)) {
      // Reading only, but the rule writes follow: the file, through symlinks, must be inside the home.
      if (!isInside(fs.realpathSync(store.home), fs.realpathSync(file))) {
        throw new UserError(`${file}: outside the home ${store.home}; distill reads card files only inside it`);
      }
      if (!file.endsWith('.md') || !fs.statSync(file).isFile()) throw new UserError(`${file}: not a card or draft file (a .md file)`);
      return fromFile(file);
    }
    if (!arg.startsWith('draft:')) throw new UserError(`${file}: no such card or draft file`);
  }
  // A draft id: the quest's drafts are read by their own module (and the state files' schemas with them), loaded only
  // for this.
  const { draftTarget } = await import('./neighbors-draft.js');
  return draftTarget(arg, store, cwd, quest);
}

/**
 * The neighbors of `ask.target`, or of `text` (a draft's text, named `ask.target` in messages) when given. `warn`
 * hears the store's warnings as soon as it is open (before a target that is not found stops the answer).
 */
export async function neighbors(ask: NeighborsAsk, source: CardSource, options: { text?: string; warn?: (w: FileWarning[]) => void } = {}): Promise<NeighborsAnswer> {
  const { text } = options;
  const store = source.store(ask.home, ask.env);
  options.warn?.(store.warnings);
  const target = text === undefined ? await resolveTarget(ask.target, store, ask.cwd, ask.quest) : targetOfText(text, ask.target, true);
  const found = (await source.neighborIndex(store)).query(target.probe, { limit: ask.limit });
  return { target, neighbors: found, warnings: options.warn ? [] : store.warnings };
}

/** `distill neighbors --json`. */
export function neighborsJson({ target, neighbors: found }: NeighborsAnswer): Record<string, unknown> {
  return {
    query: { kind: target.kind, id: target.id, title: target.title, path: target.path, tags: target.tags },
    neighbors: found.map((n) => ({
      card_id: n.card.id,
      title: n.card.title,
      path: n.card.path,
      kind: singularKind(n.card.kindDir),
      score: n.score,
      reasons: n.reasons,
      tags: n.card.tags,
    })),
  };
}
