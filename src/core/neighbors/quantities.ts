// The quantities a finding can say its setting moved (targets.ts), by the ways researchers write them: each name is a
// key (lower case, matched as whole words after abbreviations are expanded), its value the quantity's family. Two
// findings share a quantity when they name one family. A home can add names and families and drop shipped ones
// (vocabulary.ts: `quantities` in `<home>/.distill/abbreviations.json`).

import { tableOf } from './families.js';

/** The task scores are one quantity: a rewrite may give F1 where the original gave exact match, and say one thing. */
export const SCORE = 'task score';

const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  [SCORE]: [
    'accuracy', 'top-1', 'top-5', 'top1', 'top5', 'error rate', 'f1', 'f-score', 'f-measure', 'f1-score', 'exact match',
    'exact-match', 'recall', 'precision', 'mrr', 'mean reciprocal rank', 'ndcg', 'bleu', 'sacrebleu', 'chrf', 'rouge',
    'rouge-1', 'rouge-2', 'rouge-l', 'correlation', 'spearman', 'pearson', 'mcc', 'matthews', 'auc', 'auroc', 'auprc',
    'fid', 'win rate', 'win-rate', 'pass rate', 'robustness',
  ],
  // `loss` alone is as often a method (`focal loss`, `loss scaling`) as a quantity: only as a measured one.
  loss: [
    'perplexity', 'training loss', 'train loss', 'validation loss', 'val loss', 'dev loss', 'eval loss', 'test loss', 'mlm loss',
    'lm loss', 'loss curve', 'loss curves', 'loss spike', 'loss spikes', 'loss plateau', 'final loss', 'loss instability',
  ],
  hallucination: ['hallucination rate', 'hallucination', 'hallucinations', 'factuality', 'factual accuracy', 'factual errors'],
  calibration: ['calibration', 'calibration error', 'expected calibration error', 'overconfidence', 'underconfidence'],
  variance: ['variance', 'seed variance'],
  latency: ['latency', 'inference time', 'inference speed', 'decoding speed', 'speedup', 'speed-up', 'time to first token'],
  throughput: ['throughput', 'tokens per second', 'samples per second'],
  memory: ['memory', 'vram', 'out of memory'],
  'training time': [
    'training time', 'train time', 'wall-clock', 'wall clock', 'gpu hours', 'gpu-hours', 'training cost', 'compute cost',
    'convergence speed', 'convergence rate', 'time to converge', 'steps to converge',
  ],
};

/**
 * Names that read their quantity the other way round from the family's other names: a lower error rate is a higher
 * task score, a higher speedup a lower latency, a lower ECE better calibration (targets.ts turns their moves round).
 */
export const INVERSE: ReadonlySet<string> = new Set([
  'error rate', 'fid', 'calibration error', 'expected calibration error', 'overconfidence', 'underconfidence', 'factuality',
  'factual accuracy', 'inference speed', 'decoding speed', 'speedup', 'speed-up', 'convergence speed', 'convergence rate',
]);

/** The shipped names, each with its family. */
export const QUANTITIES: Readonly<Record<string, string>> = tableOf(FAMILIES);
