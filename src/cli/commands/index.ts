import type { Command } from 'commander';
import type { Ctx } from '../main.js';
import { registerCandidates } from './candidates.js';
import { registerDrafts } from './drafts.js';
import { registerGate } from './gate.js';
import { registerRecall } from './recall.js';
import { registerValidate } from './validate.js';

export type Register = (program: Command, ctx: Ctx) => void;

// One line per command file. Keep sorted.
export const COMMANDS: Register[] = [
  registerCandidates,
  registerDrafts,
  registerGate,
  registerRecall,
  registerValidate,
];
