// Numbers in other notations made one (neighbors/notation.ts): a decimal without its leading zero and a thousands
// suffix are the numbers they stand for, so a terse note is not held apart from the sentence it abbreviates by how
// it writes a number; a different number still is.
import { describe, expect, it } from 'vitest';
import { differences, sameNumbers, withLeadingZeros } from '../src/core/neighbors/notation.js';
import { compareFindings, findingOf } from '../src/core/neighbors/finding.js';
import { wordTokens } from '../src/core/neighbors/tokens.js';

const finding = (title: string, claim: string) => findingOf(title, claim, [claim]);

describe('number notation', () => {
  it('gives a bare decimal its leading zero, and leaves other dots alone', () => {
    expect(withLeadingZeros('AUC .97; ECE .12→.03')).toBe('AUC 0.97; ECE 0.12→0.03');
    expect(withLeadingZeros('v1.2 at 0.5. Then .5x')).toBe('v1.2 at 0.5. Then 0.5x');
    expect(withLeadingZeros('datasets.map and e.g. file.py')).toBe('datasets.map and e.g. file.py');
  });

  it('reads a thousands suffix as the decimal and the binary thousand', () => {
    expect(sameNumbers('1k')).toEqual(['1000', '1024']);
    expect(sameNumbers('1024')).toEqual(['1k']);
    expect(sameNumbers('4000')).toEqual(['4k']);
    expect(sameNumbers('0.5')).toEqual([]);
    expect(sameNumbers('512')).toEqual([]);
  });

  it('tokenizes .97 and 0.97 as one word', () => {
    expect(wordTokens('AUC .97')).toEqual(wordTokens('auc 0.97'));
  });

  it('holds no different specifics against one number in two notations, and still against two numbers', () => {
    const long = finding('A feature computed after the outcome gave a fake 0.97 AUC', 'AUC fell from 0.97 to 0.78 without it.');
    const terse = finding('churn: post-label feat → AUC .97; drop it → .78', 'post-label feat → AUC .97; drop it → .78');
    const other = finding('churn: post-label feat → AUC .91; drop it → .78', 'post-label feat → AUC .91; drop it → .78');
    const same = compareFindings(long, terse, true);
    expect(same.conflict).toBeNull();
    expect(same.otherMeasures).toBeNull();
    const apart = compareFindings(long, other, true);
    expect(apart.conflict ?? apart.otherMeasures).not.toBeNull();
  });

  it('matches 1k-token chunks with 1024-token ones, not with 512-token ones', () => {
    const a = finding('1024-token chunks hurt answer recall', 'Answer recall at 5 fell with 1024-token chunks.');
    const b = finding('1k-token chunks hurt answer recall', 'Answer recall at 5 fell with 1k-token chunks.');
    const c = finding('512-token chunks hurt answer recall', 'Answer recall at 5 fell with 512-token chunks.');
    expect(compareFindings(a, b, true).conflict).toBeNull();
    expect(compareFindings(b, c, true).conflict).not.toBeNull();
  });

  it('takes the gaps of a text\'s numbers: decimals and numbers from 10 on, to the finer precision', () => {
    expect(differences(['26.8', '27.3'])).toEqual(['0.5']);
    expect(differences(['86.0', '87.1', '3'])).toEqual(['1.1']);
    expect(differences(['84.1', '82.7'])).toEqual(['1.4']);
    expect(differences(['71', '36'])).toEqual(['35']);
    expect(differences(['3', '5', '1k'])).toEqual([]);
  });

  it('holds no different measurements or specifics against a gap the other card gives as two numbers', () => {
    const delta = finding('Applying weight decay to LayerNorm and biases cost 0.5 BLEU', 'Decaying norm and bias parameters cost 0.5 BLEU on WMT14.');
    const both = finding('Weight decay on LayerNorm and biases: 26.8 vs 27.3 BLEU', 'With decay on all parameters 26.8 BLEU, excluding norm and bias 27.3.');
    const other = finding('Weight decay on LayerNorm and biases: 26.8 vs 27.9 BLEU', 'With decay on all parameters 26.8 BLEU, excluding norm and bias 27.9.');
    const same = compareFindings(delta, both, true);
    expect(same.otherMeasures).toBeNull();
    expect(same.conflict).toBeNull();
    expect(compareFindings(delta, other, true).otherMeasures).not.toBeNull();
  });
});
