// A YAML alias bomb and the sample draft that carries it in its frontmatter: shared by `npm run bench:yaml` and
// tests/yaml-budget.test.ts, so the figures are for the text the tests refuse.

/**
 * `levels` lists of nine aliases to the list before; 9^(levels+1) `word`s once expanded.
 * @param {number} levels
 * @param {string} [word]
 * @returns {string}
 */
export function yamlBomb(levels, word = 'lol') {
  const name = (i) => String.fromCharCode(97 + i);
  const lines = [`a: &a [${Array(9).fill(`"${word}"`).join(',')}]`];
  for (let i = 1; i <= levels; i++) lines.push(`${name(i)}: &${name(i)} [${Array(9).fill(`*${name(i - 1)}`).join(',')}]`);
  return lines.join('\n') + '\n';
}

/**
 * ds-sample's LoRA draft for run-a400216f, with `extra` frontmatter lines before its closing `---`.
 * @param {string} extra
 * @returns {string}
 */
export function sampleDraft(extra) {
  return `---
subtype: experience
title: LoRA r=8 with 6% warmup beats full fine-tuning on CoNLL-1k
claim: On a 1k-sentence CoNLL subset, LoRA rank 8 with warmup_ratio 0.06 reaches F1 0.802 against 0.781.
lineage:
- quest: '001'
  run: run-a400216f
  direction: main
  note: main-001 f1=0.802 vs baseline 0.781
${extra}---
Evidence: experiments/main/main-001/RESULT.json.
`;
}
