// The MCP tools of `distill mcp`: each a JSON-schema input (zod, as the SDK takes it) and a handler that answers
// through the same functions as the command (answers/*.ts), returning the command's --json object as the structured
// result. A tool is one entry of TOOLS.
import { z } from 'zod';
import { MEMORY_KINDS, resolveQuest, singularKind, UserError, type FileWarning, type MemoryKind } from '../../core/index.js';
import { checkClaim, prepareRunDraft } from '../answers/draft.js';
import { gate, gateAll } from '../answers/gate.js';
import { mineAnswer, mineJson } from '../answers/mine.js';
import { neighbors, neighborsJson } from '../answers/neighbors.js';
import { checklist, recall, recallJson } from '../answers/recall.js';
import type { CardSource } from '../answers/source.js';
import { status } from '../answers/status.js';

/** What a tool's handler gets: the home, where relative paths and "the quest around here" are taken from, the cards. */
export interface ToolContext {
  home: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The resident index, brought up to date with every change made before the request. */
  cards(): Promise<CardSource>;
  /** Runs a request after the ones before it (the resident index answers one at a time). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

/** A tool's answer: the --json object, the per-file warnings the command prints on stderr, and text to show instead
 *  of the JSON (recall's checklist). */
export interface ToolAnswer {
  json: Record<string, unknown>;
  warnings?: readonly FileWarning[];
  text?: string;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>;
}

const KIND_NAMES = [...MEMORY_KINDS, ...MEMORY_KINDS.map(singularKind)] as [string, ...string[]];
const kindDir = (kind: string | undefined): MemoryKind | undefined => (kind === undefined ? undefined : MEMORY_KINDS.find((k) => k === kind || singularKind(k) === kind));
const limit = (max: number) => z.number().int().min(1).max(max);
const runKinds = z.array(z.string()).optional().describe('run kinds that count as candidates (default main_experiment, analysis.slice, experiment)');
const optionText = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));
const list = (value: unknown): string[] | undefined => {
  const items = ((value as string[] | undefined) ?? []).map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

export const TOOLS: ToolDef[] = [
  {
    name: 'recall',
    title: 'What do we already know',
    description:
      'Global lessons (memory cards) relevant to a task, before starting it: ranked by how many of the tags they carry, then most recently updated; with `text`, by shared words and title similarity too. Returns each card with its claim. `checklist: true` also returns a pre-task checklist block to paste into a plan.',
    input: {
      tags: z.array(z.string()).optional().describe('exact tags, e.g. ["domain:nlp", "topic:calibration"]'),
      kind: z.enum(KIND_NAMES).optional().describe('only this memory kind'),
      text: z.string().optional().describe('words about the task: ranks global cards by shared words (rare ones weigh more) and title similarity'),
      limit: limit(200).default(10).describe('at most this many cards'),
      scope: z.enum(['global', 'quest', 'both']).default('global').describe('global cards, the quest\'s own cards, or both'),
      quest: z.string().optional().describe('the quest for scope quest|both'),
      checklist: z.boolean().optional().describe('also return the lessons as a pre-task checklist (Markdown)'),
    },
    async run(args, ctx) {
      const ask = {
        home: ctx.home, env: ctx.env, cwd: ctx.cwd, tags: list(args.tags) ?? [], kind: kindDir(args.kind as string | undefined),
        limit: args.limit as number, scope: args.scope as 'global' | 'quest' | 'both', quest: args.quest as string | undefined, text: args.text as string | undefined,
      };
      const { hits, warnings } = await recall(ask, await ctx.cards());
      const json = recallJson(ask, hits);
      if (!args.checklist) return { json, warnings };
      const text = checklist(hits, ask.tags);
      return { json: { ...json, checklist: text }, warnings, text };
    },
  },
  {
    name: 'neighbors',
    title: 'Cards that resemble a lesson',
    description:
      'The global cards that resemble a draft lesson or a card, ranked 0..1, with the reasons each matched (exact title, shared tags, shared words, same lineage run). Give `card` (a card id, a card or draft file path, or a draft id of the quest) or `text` (a draft\'s text, with or without its frontmatter).',
    input: {
      card: z.string().optional().describe('a card id, a card or draft file (inside the home), or a draft id (draft:<quest>/<name>)'),
      text: z.string().optional().describe('a draft\'s text instead of a file: frontmatter (title, claim, tags, keywords) and body, or plain text'),
      quest: z.string().optional().describe('the quest of a draft id'),
      limit: limit(100).default(10).describe('at most this many neighbors'),
    },
    async run(args, ctx) {
      const { card, text } = args as { card?: string; text?: string };
      if ((card === undefined) === (text === undefined)) throw new UserError('neighbors: give either card or text, not both');
      const ask = { home: ctx.home, env: ctx.env, cwd: ctx.cwd, target: card ?? '(draft text)', quest: args.quest as string | undefined, limit: args.limit as number };
      const answer = await neighbors(ask, await ctx.cards(), { text });
      return { json: neighborsJson(answer), warnings: answer.warnings };
    },
  },
  {
    name: 'propose_lesson',
    title: 'Propose a lesson for review',
    description:
      'Writes a lesson draft for a completed run of the quest (a PR #60 draft file under drafts/experiences/<quest>/, pre-filled with the run\'s result and evidence) and returns its path. It never writes global memory: a person reads the draft beside the cards it resembles and decides in `distill review`.',
    input: {
      quest: z.string().describe('the quest id'),
      run: z.string().describe('the run: its artifact id (run-…) or its run id'),
      title: z.string().min(1).describe('the lesson\'s title'),
      claim: z.string().min(1).describe('one mechanism-bearing sentence: what holds, and why'),
      body: z.string().optional().describe('the lesson in your words (Markdown); the run\'s result and evidence are added under it'),
      tags: z.array(z.string()).optional().describe('tags added to the quest\'s and idea\'s, e.g. ["topic:calibration"]'),
    },
    async run(args, ctx) {
      checkClaim(args.claim as string, 'claim');
      const quest = resolveQuest(ctx.home, args.quest as string, ctx.cwd);
      const ask = { run: args.run as string, title: args.title as string, claim: args.claim as string, body: args.body as string | undefined, tags: list(args.tags) };
      const draft = prepareRunDraft(quest, ask, ctx.env);
      return { json: draft.write(draft.text).json, warnings: draft.warnings };
    },
  },
  {
    name: 'gate',
    title: 'Are the quest\'s runs reviewed',
    description:
      'The closure gate: whether every completed candidate run of the quest (or, without `quest`, of every quest of the home) is covered by a distill_review decision, and the pending runs. `ok: true` means closed.',
    input: {
      quest: z.string().optional().describe('the quest id (default: every quest of the home)'),
      run_kinds: runKinds,
    },
    async run(args, ctx) {
      const kinds = list(args.run_kinds);
      if (args.quest === undefined) {
        const all = gateAll(ctx.home, kinds);
        return { json: all.json, warnings: all.warnings };
      }
      const answer = gate(resolveQuest(ctx.home, args.quest as string, ctx.cwd), kinds);
      return { json: answer.json, warnings: answer.warnings };
    },
  },
  {
    name: 'status',
    title: 'What is left to review',
    description: 'Every quest of the home (or one quest) with covered/total candidate runs, drafts and notes to review and last activity, and the quirks files\' unreviewed entries.',
    input: {
      quest: z.string().optional().describe('only this quest'),
      run_kinds: runKinds,
    },
    async run(args, ctx) {
      const answer = status(ctx.home, ctx.env, list(args.run_kinds), await ctx.cards());
      if (args.quest === undefined) return { json: answer.json, warnings: answer.warnings };
      const id = resolveQuest(ctx.home, args.quest as string, ctx.cwd).id;
      const quests = (answer.json.quests as { id: string }[]).filter((q) => q.id === id);
      return { json: { ...answer.json, quests }, warnings: answer.warnings };
    },
  },
  {
    name: 'mine',
    title: 'Patterns across the runs',
    description:
      'Lessons proposed from the runs of every quest (or, with `scope: "quest"`, of one quest): factors that runs with a known outcome share, kept when enough runs support them and agree. Each pattern has its outcome, support, evidence runs, title and claim. Reads only: a person decides the patterns in `distill` (Mined patterns) or with `distill apply --mined`.',
    input: {
      scope: z.enum(['home', 'quest']).optional().describe('home (every quest, the default) or quest (the quest given)'),
      quest: z.string().optional().describe('the quest, with scope quest'),
      min_support: z.union([z.number(), z.string()]).optional().describe('runs with a known outcome a pattern needs (default 3)'),
      min_consistency: z.union([z.number(), z.string()]).optional().describe('share of them that must agree: 0.75 or "75%" (default 0.75)'),
      all: z.boolean().optional().describe('list decided and suppressed patterns too'),
    },
    async run(args, ctx) {
      const ask = {
        quest: args.quest as string | undefined, scope: args.scope as string | undefined, all: args.all as boolean | undefined,
        minSupport: optionText(args.min_support), minConsistency: optionText(args.min_consistency),
      };
      const result = mineAnswer(ctx.home, ask);
      return { json: mineJson(result), warnings: result.warnings };
    },
  },
];
