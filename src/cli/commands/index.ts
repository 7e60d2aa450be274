// Every command: its word and its module, loaded only when a command line needs it (commandsFor), so a command loads
// its own code and not the others' (issue 16: `recall` loads a third of the code it did).
import { commandWord } from '../command-word.js';
import type { Register } from '../program.js';

export type { Register };

export interface CommandModule {
  word: string;
  load: () => Promise<Register>;
}

// One line per command file. Keep sorted.
export const COMMANDS: readonly CommandModule[] = [
  { word: 'apply', load: async () => (await import('./apply.js')).registerApply },
  { word: 'candidates', load: async () => (await import('./candidates.js')).registerCandidates },
  { word: 'draft', load: async () => (await import('./draft.js')).registerDraft },
  { word: 'drafts', load: async () => (await import('./drafts.js')).registerDrafts },
  { word: 'gate', load: async () => (await import('./gate.js')).registerGate },
  { word: 'lessons', load: async () => (await import('./lessons.js')).registerLessons },
  { word: 'log', load: async () => (await import('./log.js')).registerLog },
  { word: 'mcp', load: async () => (await import('./mcp.js')).registerMcp },
  { word: 'mine', load: async () => (await import('./mine.js')).registerMine },
  { word: 'neighbors', load: async () => (await import('./neighbors.js')).registerNeighbors },
  { word: 'quirks', load: async () => (await import('./quirks.js')).registerQuirks },
  { word: 'recall', load: async () => (await import('./recall.js')).registerRecall },
  { word: 'recover', load: async () => (await import('./recover.js')).registerRecover },
  { word: 'restore', load: async () => (await import('./restore.js')).registerRestore },
  { word: 'revert', load: async () => (await import('./revert.js')).registerRevert },
  { word: 'review', load: async () => (await import('./review.js')).registerReview },
  { word: 'serve', load: async () => (await import('./serve.js')).registerServe },
  { word: 'status', load: async () => (await import('./status.js')).registerStatus },
  { word: 'validate', load: async () => (await import('./validate.js')).registerValidate },
];

/** Every command's register function (`distill --help` and tests that want the whole program). */
export function loadAllCommands(): Promise<Register[]> {
  return Promise.all(COMMANDS.map((c) => c.load()));
}

/**
 * The commands a command line needs: the one its first word names; review alone for a quest or no word (plain
 * `distill [quest]` runs it, and a word that is neither is reported the same way); all of them for help or an option
 * before the command.
 */
export async function commandsFor(argv: readonly string[]): Promise<Register[]> {
  const word = commandWord(argv);
  if (word === null || word === 'help') return loadAllCommands();
  const named = COMMANDS.find((c) => c.word === word) ?? COMMANDS.find((c) => c.word === 'review')!;
  return [await named.load()];
}
