import type { Command } from 'commander';
import type { Ctx } from '../main.js';

export type Register = (program: Command, ctx: Ctx) => void;

// One line per command file. Keep sorted.
export const COMMANDS: Register[] = [];
