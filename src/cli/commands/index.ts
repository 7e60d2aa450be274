import type { Register } from '../program.js';
import { registerApply } from './apply.js';
import { registerCandidates } from './candidates.js';
import { registerDraft } from './draft.js';
import { registerDrafts } from './drafts.js';
import { registerGate } from './gate.js';
import { registerLessons } from './lessons.js';
import { registerLog } from './log.js';
import { registerNeighbors } from './neighbors.js';
import { registerQuirks } from './quirks.js';
import { registerRecall } from './recall.js';
import { registerRecover } from './recover.js';
import { registerRestore } from './restore.js';
import { registerRevert } from './revert.js';
import { registerReview } from './review.js';
import { registerStatus } from './status.js';
import { registerValidate } from './validate.js';

export type { Register };

// One line per command file. Keep sorted.
export const COMMANDS: Register[] = [
  registerApply,
  registerCandidates,
  registerDraft,
  registerDrafts,
  registerGate,
  registerLessons,
  registerLog,
  registerNeighbors,
  registerQuirks,
  registerRecall,
  registerRecover,
  registerRestore,
  registerRevert,
  registerReview,
  registerStatus,
  registerValidate,
];
