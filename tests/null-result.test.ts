// A null result is a finding that nothing changed: held against a finding with an effect (`X helps` / `X does not
// help`). A finding that states a change and says something else did not change (`cut ECE, accuracy unchanged`) is a
// finding with an effect, and `with no other change` holds the rest fixed: neither is a null result.
import { describe, expect, it } from 'vitest';
import { opposite, polarityOf } from '../src/core/neighbors/evidence.js';

describe('null results', () => {
  it('are findings that only say nothing changed', () => {
    expect(polarityOf('Warmup does not help adapter finetuning\nIt did not improve F1; differences stayed within seed noise.').nil).toBe(true);
    expect(polarityOf('Accuracy unchanged after pruning').nil).toBe(true);
  });

  it('are not findings that state a change beside what did not change', () => {
    expect(polarityOf('Clipping at 1.0 removed the loss spikes\nSpikes fell from 14 to none, with no change in final loss.').nil).toBe(false);
    expect(polarityOf('TS (T=1.8): ECE .12→.03, acc unchanged (81.4)').nil).toBe(false);
    expect(polarityOf('Response length doubled while quality did not improve').nil).toBe(false);
  });

  it('read a change from verbs and moved numbers, not from nouns or names', () => {
    expect(polarityOf('Dropout does not change robustness on DROP').nil).toBe(true);
    expect(polarityOf('Retrieval depth increase does not change entity recall').nil).toBe(true);
    expect(polarityOf('Pruning left accuracy unchanged (81.4 → 81.3)').nil).toBe(true);
    expect(polarityOf('Pruning dropped ECE, accuracy unchanged').nil).toBe(false);
  });

  it('are findings whose title says nothing changed, whatever numbers the claim gives', () => {
    expect(polarityOf('BM25 retrieval does not change BLEU on HotpotQA\nBLEU went from 0.49 to 0.16.').nil).toBe(true);
  });

  it('are not `with no other change`', () => {
    expect(polarityOf('Switching to bf16 with no other change ran to 100k steps without NaN').nil).toBe(false);
    expect(polarityOf('Switching to bf16 made no change').nil).toBe(true);
  });

  it('still stand against a finding with an effect, and a finding with an effect beside one that has one does not', () => {
    const helps = polarityOf('Temperature scaling 1.5 fixes overconfidence on OntoNotes, worth 3.8 ECE');
    const nothing = polarityOf('Temperature scaling 1.5 does not help on OntoNotes\nIt did not improve ECE; within seed noise.');
    expect(opposite(helps, nothing)).toBe(true);
    const cut = polarityOf('Temperature scaling cut ECE from 0.12 to 0.03 without changing accuracy');
    const terse = polarityOf('TS (T=1.8): ECE .12→.03, acc unchanged (81.4)');
    expect(opposite(cut, terse)).toBe(false);
  });
});
