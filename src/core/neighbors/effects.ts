// The kind of effect a finding reports on what it measured, when it says one in words: the training diverged, stalled,
// oscillated, collapsed; the model overfit, underfit, forgot. Two findings that each say such an effect and share none
// are two findings (`Peak LR 3e-4 makes the loss diverge for small LMs` / `Peak LR 3e-4 makes the loss stall for small
// LMs`), however alike the rest: evidence against a duplicate (finding.ts). Each family holds the ways researchers
// write one effect (`diverges`, `blows up`, `NaN losses`); a word that says only that something went wrong
// (`unstable`, `fails to converge`) is in none, so it is never against. Read like the settings (named.ts), whole words
// of the lower-cased text with the abbreviations expanded; negation is the polarity's business (evidence.ts), not this:
// `keeps the loss from diverging` and `the loss diverges without it` report one effect.

import { tableOf } from './families.js';

const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  diverges: [
    'diverge', 'diverges', 'diverged', 'diverging', 'divergence', 'divergences', 'explode', 'explodes', 'exploded',
    'exploding', 'blow up', 'blows up', 'blew up', 'blown up', 'blowing up', 'nan', 'nans', 'nan loss', 'nan losses',
  ],
  stalls: [
    'stall', 'stalls', 'stalled', 'stalling', 'plateau', 'plateaus', 'plateaued', 'plateauing', 'stagnate', 'stagnates',
    'stagnated', 'stagnating', 'stagnation', 'flatlines', 'flatlined', 'stops improving', 'stopped improving',
    'stops decreasing', 'stopped decreasing',
  ],
  oscillates: ['oscillate', 'oscillates', 'oscillated', 'oscillating', 'oscillation', 'oscillations'],
  collapses: ['collapse', 'collapses', 'collapsed', 'collapsing', 'mode collapse', 'representation collapse'],
  overfits: ['overfit', 'overfits', 'overfitted', 'overfitting', 'over-fit', 'over-fits', 'over-fitting'],
  underfits: ['underfit', 'underfits', 'underfitted', 'underfitting', 'under-fit', 'under-fits', 'under-fitting'],
  forgets: ['forget', 'forgets', 'forgot', 'forgetting', 'catastrophic forgetting'],
};

/** The shipped effect words, each with its family (shipped only: a home's file does not extend them). */
export const EFFECTS: Readonly<Record<string, string>> = tableOf(FAMILIES);
