// Evidence for and against two cards stating one finding (issue 15): each rule has a pair that must link and a pair
// that must not, on whole cards clustered as `distill lessons` does, and on the rule itself.
import { describe, expect, it } from 'vitest';
import { findClusters } from '../src/core/cleanup/find.js';
import { toCardMeta, type CardMeta } from '../src/core/store/cardMeta.js';
import { compareFindings, findingOf, isAgainst } from '../src/core/neighbors/finding.js';
import { mentionsOf, specificsOf, unmatched } from '../src/core/neighbors/specifics.js';
import { polarityOf, opposite } from '../src/core/neighbors/evidence.js';
import { targetsOf } from '../src/core/neighbors/targets.js';
import { expandLower } from '../src/core/neighbors/expand.js';
import { buildNeighborIndex } from '../src/core/neighbors/engine.js';

interface Spec {
  id: string;
  title: string;
  claim?: string;
  body?: string;
  tags?: string[];
  keywords?: string[];
}

function meta(spec: Spec): CardMeta {
  const fields = { id: spec.id, title: spec.title, claim: spec.claim, tags: spec.tags ?? ['domain:ml'], keywords: spec.keywords ?? [] };
  const body = spec.body ?? '';
  return toCardMeta(`/h/memory/knowledge/${spec.id}.md`, 'knowledge', 'global', fields, body, { size: body.length, mtimeMs: 0 });
}

/** Unrelated cards, so that word weights are those of a store and not of two cards alone. */
const FILLER: Spec[] = [
  { id: 'f1', title: 'Gradient checkpointing trades 30 percent speed for memory', tags: ['infra:gpu'] },
  { id: 'f2', title: 'Beam search with length penalty fixes short translations', tags: ['task:mt'] },
  { id: 'f3', title: 'Dynamic padding removes eval OOM at large batch', tags: ['infra:gpu'] },
  { id: 'f4', title: 'Curriculum by length speeds up convergence of small LMs', tags: ['topic:curriculum'] },
  { id: 'f5', title: 'Dedup of the pretraining corpus lowers memorization', tags: ['topic:data'] },
  { id: 'f6', title: 'Reranking with a cross-encoder beats BM25 alone', tags: ['task:retrieval'] },
];

function linked(a: Spec, b: Spec): boolean {
  const cards = [...FILLER, a, b].map(meta);
  const { clusters } = findClusters(cards);
  return clusters.some((c) => c.cards.some((x) => x.id === a.id) && c.cards.some((x) => x.id === b.id));
}

function finding(spec: Spec) {
  const card = meta(spec);
  return findingOf(card.title, card.claim ?? card.excerpt, [card.claim ?? '', card.excerpt, ...card.keywords, ...card.tags]);
}

const TAGS = ['domain:vision', 'topic:regularization', 'data:cifar-10-c'];

describe('null results', () => {
  it('a null result and a finding with an effect are opposite; two null results are not', () => {
    expect(opposite(polarityOf('Mixup makes no difference to corruption accuracy'), polarityOf('Mixup raises corruption accuracy'))).toBe(true);
    expect(opposite(polarityOf('Mixup makes no difference to corruption accuracy'), polarityOf('Mixup leaves corruption accuracy unchanged'))).toBe(false);
    expect(opposite(polarityOf("Mixup doesn't change corruption accuracy"), polarityOf('Mixup: corruption accuracy within seed noise'))).toBe(false);
    // A negation that states an effect is no null result.
    expect(polarityOf('Entropy temperature does not transfer across corpora').nil).toBe(false);
  });

  it('keeps "raises" and "makes no difference" apart, and links two null results worded differently', () => {
    const raises = { id: 'k-raise', title: 'Mixup raises corruption accuracy of ResNet-50 on CIFAR-10-C', claim: 'Mixup raised mean corruption accuracy of ResNet-50 on CIFAR-10-C in all seeds.', tags: TAGS, keywords: ['mixup'] };
    const none = { id: 'k-none', title: 'Mixup makes no difference to corruption accuracy of ResNet-50 on CIFAR-10-C', claim: 'Mixup left mean corruption accuracy of ResNet-50 on CIFAR-10-C within seed noise.', tags: TAGS, keywords: ['mixup'] };
    const none2 = { id: 'k-none2', title: 'ResNet-50 on CIFAR-10-C: mixup leaves corruption accuracy unchanged', claim: 'With mixup, ResNet-50 corruption accuracy on CIFAR-10-C did not change beyond seed noise.', tags: TAGS, keywords: ['mixup'] };
    expect(linked(raises, none)).toBe(false);
    expect(linked(none, none2)).toBe(true);
  });
});

describe('different specifics', () => {
  it('reads numbers and names from how they are written, and matches their variants', () => {
    // `LR` and `LoRA` are abbreviations of the table: expanded into words, no names.
    expect(specificsOf('Peak LR 2e-4 diverges for LoRA adapters on SQuAD v2').map((s) => s.text)).toEqual(['2e-4', 'squad', 'v2']);
    const other = mentionsOf(['Bio ASQ with exact match, SST-2 and ImageNet', 'vision transformers']);
    expect(unmatched(specificsOf('BioASQ EM on SST2 for ViTs on ImageNet-1k'), other)).toEqual([]);
    expect(unmatched(specificsOf('GLUE'), mentionsOf(['SuperGLUE']))).toEqual(['glue']);
    expect(unmatched(specificsOf('CoNLL-2003'), mentionsOf(['CoNLL-2012']))).toEqual(['conll-2003']);
    expect(unmatched(specificsOf('4-bit weights'), mentionsOf(['3-bit weights']))).toEqual(['4-bit']);
  });

  it('keeps cards pinned to another value and dataset apart; a rewrite that only leaves things out still links', () => {
    const base = {
      id: 'k-sd', title: 'Stochastic depth 0.1 improves DeiT-S top-1 on ImageNet-1k', tags: ['domain:vision', 'topic:regularization'], keywords: ['stochastic depth'],
      claim: 'For DeiT-S on ImageNet-1k, stochastic depth 0.1 improves top-1 accuracy by 0.8 over three seeds.',
    };
    const other = {
      id: 'k-sd-inat', title: 'Stochastic depth 0.2 improves DeiT-S top-1 on iNaturalist', tags: ['domain:vision', 'topic:regularization'], keywords: ['stochastic depth'],
      claim: 'For DeiT-S on iNaturalist, stochastic depth 0.2 improves top-1 accuracy by 0.8 over three seeds.',
    };
    const terse = { id: 'k-sd-terse', title: 'DeiT-S: stochastic depth 0.1 improves top-1', tags: ['topic:regularization'], body: 'Stochastic depth 0.1 improves DeiT-S top-1 by 0.8 on ImageNet-1k.\n' };
    expect(compareFindings(finding(base), finding(other)).conflict).toEqual([['0.1', 'imagenet-1k'], ['0.2', 'inaturalist']]);
    expect(linked(base, other)).toBe(false);
    expect(compareFindings(finding(base), finding(terse)).conflict).toBeNull();
    expect(linked(base, terse)).toBe(true);
  });

  it('a class of models (`LMs`) is a broader word, not a setting: the rewrite that uses it still links', () => {
    expect(specificsOf('ICL order causes 10 point swings for LMs and LLMs on SST-2').map((s) => s.text)).toEqual(['10', 'sst-2']);
    const tags = ['domain:nlp', 'topic:in-context-learning'];
    const original = {
      id: 'k-icl', title: 'In-context example order causes 10 point swings for GPT-style models on SST-2', tags, keywords: ['in-context example order'],
      claim: 'For GPT-style models on SST-2, a random in-context example order causes 10 point swings in accuracy over 5 seeds.',
    };
    const broader = {
      id: 'k-icl-lm', title: 'ICL order causes 10 point swings for LMs on SST-2', tags, keywords: ['ICL order'],
      claim: 'LMs on SST-2: random ICL order causes 10 point swings in acc over 5 seeds.',
    };
    expect(compareFindings(finding(original), finding(broader)).conflict).toBeNull();
    expect(linked(original, broader)).toBe(true);
    // A named model still pins a finding: another model on the same dataset is another result.
    const other = { ...broader, id: 'k-icl-opt', title: 'ICL order causes 10 point swings for OPT on SST-2', claim: 'OPT on SST-2: random ICL order causes 10 point swings in acc over 5 seeds.' };
    expect(compareFindings(finding(original), finding(other)).conflict).not.toBeNull();
  });
});

describe('measurements', () => {
  const tags = ['domain:nlp', 'topic:calibration'];
  const a = { id: 'k-ts1', title: 'Temperature scaling lowers reader ECE on NQ', claim: 'Temperature scaling lowers reader ECE on NQ: ECE went from 0.12 to 0.04.', tags };
  it('the same measurement links cards worded apart; other measured values keep cards of one title apart', () => {
    const reworded = { id: 'k-ts2', title: 'One fitted temperature fixes NQ reader calibration', claim: 'On NQ the reader ECE fell from 0.12 to 0.04 after temperature scaling.', tags };
    const otherRun = { id: 'k-ts3', title: 'Temperature scaling lowers reader ECE on NQ', claim: 'Temperature scaling lowers reader ECE on NQ: ECE went from 0.12 to 0.07.', tags };
    expect(compareFindings(finding(a), finding(reworded)).sameMeasurement).toBe(true);
    expect(linked(a, reworded)).toBe(true);
    expect(compareFindings(finding(a), finding(otherRun)).otherMeasures).toEqual([['0.04'], ['0.07']]);
    expect(linked(a, otherRun)).toBe(false);
  });

  it('a rewrite that drops a value is no evidence against', () => {
    const dropped = { id: 'k-ts4', title: 'Temperature scaling lowers reader ECE on NQ to 0.04', tags };
    expect(isAgainst(compareFindings(finding(a), finding(dropped)))).toBe(false);
  });
});

describe('measured quantities', () => {
  const tags = ['domain:ml', 'topic:quantization', 'data:wikitext-2'];
  const body = (what: string) =>
    `We ran 4-bit weight quantization of the 7B model on WikiText-2 and tracked ${what} over three seeds.\n\n` +
    'Group size 128 with the usual calibration batches; the same kernels and the same prompts on every run.\n';
  const latency = { id: 'k-q1', title: '4-bit weights hurt decoding latency of 7B models on WikiText-2', claim: 'With 4-bit weights the 7B model decodes slower: the dequantization kernels raise latency.', body: body('latency'), tags };
  const memory = { id: 'k-q2', title: '4-bit weights halve GPU memory of 7B models on WikiText-2', claim: 'With 4-bit weights the 7B model needs half the GPU memory it needs in fp16.', body: body('GPU memory'), tags };

  it('reads what a finding says was measured, by family, with the abbreviations expanded and methods left out', () => {
    const families = (text: string) => targetsOf(expandLower(text.toLowerCase())).map((t) => t.family);
    expect(families('LR 2e-4 diverges; worth 1.7 EM over 3 seeds')).toEqual(['task score']);
    expect(families('bs 128 improves R@20 on NQ')).toEqual(['task score']);
    expect(families('top-1 accuracy and ECE both improve')).toEqual(['task score', 'calibration']);
    expect(families('X hurts latency, not throughput')).toEqual(['latency', 'throughput']);
    expect(families('ppl rises by 0.3')).toEqual(['loss']);
    // Methods and parts named like a quantity are not one.
    expect(families('mixed precision bf16 with loss scaling and a memory bank')).toEqual([]);
    expect(families('focal loss on episodic memory')).toEqual([]);
    // Robustness is a task score (measured as accuracy under shift); convergence speed is training time.
    expect(families('halves robustness, doubles convergence speed, cuts the hallucination rate')).toEqual(['task score', 'training time', 'hallucination']);
  });

  it('two findings of one setting that measured different things are apart, with the reason; a rewrite naming the score differently is not', () => {
    const c = compareFindings(finding(latency), finding(memory));
    expect(linked(latency, memory)).toBe(false);
    expect(c.otherTargets).toEqual([['latency'], ['memory']]);
    expect(isAgainst(c)).toBe(true);
    // F1 for exact match, `acc` for top-1 accuracy: one task score, no evidence against.
    expect(compareFindings(finding({ id: 'a', title: 'LS 0.1 helps readers on NQ (+1.2 EM)' }), finding({ id: 'b', title: 'Label smoothing 0.1 lifts reader F1 on NQ' })).otherTargets).toBeNull();
    // One side names no quantity: open, as a terse card leaves it.
    expect(compareFindings(finding(latency), finding({ id: 'c', title: '4-bit weights on 7B models' })).otherTargets).toBeNull();
    const reworded = { ...latency, id: 'k-q3', title: 'Decoding latency of 7B models gets worse with 4-bit weights (WikiText-2)' };
    expect(linked(latency, reworded)).toBe(true);
  });

  it('two findings that move one quantity opposite ways are opposite (`halves accuracy` / `improves accuracy`); the same way, or other quantities, are not', () => {
    const opposed = (x: string, y: string) => compareFindings(finding({ id: 'a', title: x }), finding({ id: 'b', title: y })).opposite;
    expect(opposed('Focal loss halves entity recall on GSM8K', 'Focal loss improves entity recall on GSM8K')).toBe(true);
    expect(opposed('4-bit weights reduce latency on A100', '4-bit weights double latency on A100')).toBe(true);
    expect(opposed('Dropout 0.3 reduces seed variance', 'Dropout 0.3 halves seed variance')).toBe(false);
    // `improves latency` is lower latency, `hurts latency` higher: where lower is better the words of worth turn round.
    expect(opposed('4-bit weights reduce latency', '4-bit weights improve latency')).toBe(false);
    expect(opposed('4-bit weights hurt latency', '4-bit weights reduce latency')).toBe(true);
    expect(opposed('Early stopping hurts hallucination rate on CoNLL-2003', 'Early stopping halves hallucination rate on CoNLL-2003')).toBe(true);
    expect(opposed('Packing improves throughput', 'Packing halves throughput')).toBe(true);
    // A name that reads its quantity the other way round turns the move round: ECE, error rate, speedup.
    expect(opposed('Mixup improves calibration', 'Mixup raises ECE')).toBe(true);
    expect(opposed('Mixup improves calibration', 'Mixup reduces ECE')).toBe(false);
    expect(opposed('Mixup reduces the error rate on CIFAR-10', 'Mixup improves accuracy on CIFAR-10')).toBe(false);
    expect(opposed('Speculative decoding doubles decoding speed', 'Speculative decoding halves latency')).toBe(false);
    expect(opposed('Speculative decoding raises the speedup', 'Speculative decoding hurts latency')).toBe(true);
    expect(opposed('4-bit weights raise accuracy', '4-bit weights cut memory')).toBe(false);
    expect(opposed('Pruning does not reduce memory', 'Pruning raises memory')).toBe(false);
    const tags = ['domain:nlp', 'topic:loss'];
    const body = 'We trained the tagger with focal loss on GSM8K entity spans over three seeds and compared entity recall.\n';
    expect(linked({ id: 'k-f1', title: 'Focal loss halves entity recall on GSM8K', body, tags }, { id: 'k-f2', title: 'Focal loss improves entity recall on GSM8K', body, tags })).toBe(false);
  });

  it('a neighbor list says why a card on the same setting is apart', () => {
    const top = buildNeighborIndex([...FILLER, memory].map(meta)).query({ title: latency.title, claim: latency.claim, body: latency.body, tags }, { limit: 3 });
    const other = top.find((n) => n.card.id === 'k-q2')!;
    expect(other.reasons).toContain('measured different things: latency / memory');
  });
});

describe('settings', () => {
  const tags = ['domain:nlp', 'topic:calibration', 'data:nq-open'];
  const body = (method: string) =>
    `We tried ${method} for the extractive readers on NQ-open and compared expected calibration error across five seeds.\n\n` +
    `With ${method} the readers were less overconfident on the dev and the test split alike.\n`;
  const smoothing = { id: 'k-s1', title: 'Label smoothing lowers calibration error of readers on NQ-open', claim: 'For extractive readers on NQ-open, label smoothing lowers the calibration error over five seeds.', body: body('label smoothing'), tags };
  const mixup = { id: 'k-s2', title: 'Mixup lowers calibration error of readers on NQ-open', claim: 'For extractive readers on NQ-open, mixup lowers the calibration error over five seeds.', body: body('mixup'), tags };

  it('reads the settings a finding names, by family, with the abbreviations expanded; the longest name wins', () => {
    const settings = (title: string) => finding({ id: 'x', title }).settings.map((t) => t.family);
    expect(settings('LS 0.1 lowers ECE')).toEqual(['label smoothing']);
    expect(settings('Grad clipping at 1.0 prevents loss spikes with bf16')).toEqual(['gradient clipping', 'mixed precision']);
    // `warmup` and `peak LR` are one setting, written differently; an EMA is weight averaging.
    expect(settings('Warmup ratio matters more than peak LR')).toEqual(['learning rate']);
    expect(settings('EMA of the weights lowers FID')).toEqual(['weight averaging']);
    // What a finding compares against is no setting: `full finetuning`, `fp32`.
    expect(settings('Prefix tuning matches full finetuning and fp32 loss curves')).toEqual(['prefix tuning']);
    expect(settings('The model gets better with more data')).toEqual([]);
    expect(settings('Uncertainty sampling (active learning) beats class reweighting')).toEqual(['active learning', 'reweighting']);
    // A setting named as the condition the finding held under is not the one it tried.
    expect(settings('Gradient clipping prevents loss spikes at large batch sizes')).toEqual(['gradient clipping']);
    expect(settings('Warmup matters more at the same batch size')).toEqual(['learning rate']);
    expect(settings('Batch size 64 stabilizes training')).toEqual(['batch size']);
    expect(settings('Larger batches need warmup')).toEqual(['batch size', 'learning rate']);
    expect(settings('Warmup prevents loss spikes at large batches')).toEqual(['learning rate']);
    // The optimizers are one setting (two of them apart are names: specifics.ts).
    expect(settings('AdamW beats SGD for ViTs; Lion does too')).toEqual(['optimizer']);
    // LoRA written out is LoRA, not adapters.
    expect(settings('Low-rank adapters with rank 16 match full finetuning')).toEqual(settings('LoRA r=16 matches full FT'));
  });

  it('the same effect of two methods is two findings, with the reason; a rewrite naming the method short is one', () => {
    // Without the rule these two link: same wording, tags, claim and body but for the method, no number apart.
    expect(linked(smoothing, mixup)).toBe(false);
    const c = compareFindings(finding(smoothing), finding(mixup));
    expect(c.otherSettings).toEqual([['label smoothing'], ['mixup']]);
    expect(isAgainst(c)).toBe(true);
    const short = { ...smoothing, id: 'k-s3', title: 'LS lowers ECE of readers on NQ-open', claim: 'Readers on NQ-open: LS lowers ECE over five seeds.' };
    expect(compareFindings(finding(smoothing), finding(short)).otherSettings).toBeNull();
    expect(linked(smoothing, short)).toBe(true);
    // One side names no setting: open, as a terse card leaves it.
    expect(compareFindings(finding(smoothing), finding({ id: 'k-s4', title: 'Readers on NQ-open are overconfident' })).otherSettings).toBeNull();
  });

  it('a broader setting against a narrower one is one side less precise; two narrower ones under it are two', () => {
    const other = (x: string, y: string) => compareFindings(finding({ id: 'a', title: x }), finding({ id: 'b', title: y })).otherSettings;
    expect(other('Data augmentation lowers ECE of readers', 'Mixup lowers ECE of readers')).toBeNull();
    expect(other('Regularization stabilizes small NER sets', 'Dropout 0.3 stabilizes small NER sets')).toBeNull();
    expect(other('PEFT matches full finetuning on CoNLL', 'LoRA matches full finetuning on CoNLL')).toBeNull();
    // Siblings are two, also when one side names the broader one beside its own.
    expect(other('Mixup augmentation lowers ECE of readers', 'CutMix lowers ECE of readers')).toEqual([['mixup'], ['cutmix']]);
    expect(other('Dropout stabilizes small NER sets', 'Weight decay stabilizes small NER sets')).toEqual([['dropout'], ['weight decay']]);
  });

  it('a name written on to a prefix that makes it another method is that other method; other compounds are the name', () => {
    const settings = (title: string) => finding({ id: 'x', title }).settings.map((t) => t.words);
    expect(settings('Anti-curriculum ordering helps noisy NER')).toEqual(['anti-curriculum ordering']);
    expect(settings('Non-LoRA baselines overfit small NER sets')).toEqual(['non-low rank adaptation']);
    // A compound the list names is read whole; another word before the hyphen leaves the name as it is.
    expect(settings('Self-distillation lowers ECE')).toEqual(['self-distillation']);
    expect(finding({ id: 'x', title: 'Self-distillation lowers ECE' }).settings[0].family).toBe('knowledge distillation');
    expect(finding({ id: 'x', title: 'Linear-warmup helps large batches' }).settings.map((t) => t.family)).toEqual(['learning rate', 'batch size']);
    // Two cards alike but for the prefix are two methods, with the reason.
    const curriculum = { id: 'k-c1', title: 'Curriculum ordering helps NER on noisy CoNLL', claim: 'On noisy CoNLL, curriculum ordering raises span F1 over five seeds.', tags };
    const anti = { id: 'k-c2', title: 'Anti-curriculum ordering helps NER on noisy CoNLL', claim: 'On noisy CoNLL, anti-curriculum ordering raises span F1 over five seeds.', tags };
    expect(compareFindings(finding(curriculum), finding(anti)).otherSettings).toEqual([['curriculum ordering'], ['anti-curriculum ordering']]);
    expect(linked(curriculum, anti)).toBe(false);
  });

  it('a neighbor list says why a card of another method is apart', () => {
    const top = buildNeighborIndex([...FILLER, mixup].map(meta)).query({ title: smoothing.title, claim: smoothing.claim, body: smoothing.body, tags }, { limit: 3 });
    expect(top.find((n) => n.card.id === 'k-s2')!.reasons).toContain('different settings: label smoothing / mixup');
  });
});

describe('effects', () => {
  const tags = ['domain:nlp', 'topic:optimization', 'model:small-lm'];
  const body = (effect: string) =>
    `We trained the 125M models on the web mix with peak learning rate 3e-4 and no warmup, three seeds each.\n\n` +
    `Around step 2k the training loss ${effect} in every seed; lowering the peak learning rate fixed it.\n`;
  const diverges = { id: 'k-e1', title: 'Peak LR 3e-4 without warmup makes the loss diverge for small LMs', claim: 'For 125M models, peak learning rate 3e-4 without warmup makes the training loss diverge around step 2k.', body: body('diverged'), tags };
  const stalls = { id: 'k-e2', title: 'Peak LR 3e-4 without warmup makes the loss stall for small LMs', claim: 'For 125M models, peak learning rate 3e-4 without warmup makes the training loss stall around step 2k.', body: body('stalled'), tags };

  it('reads the kind of effect a finding says, by family; a word that only says something went wrong is none', () => {
    const effects = (title: string) => finding({ id: 'x', title }).effects.map((t) => t.family);
    expect(effects('Peak LR 3e-4 makes the loss blow up for small LMs')).toEqual(['diverges']);
    expect(effects('bf16 without loss scaling gives NaN losses')).toEqual(['diverges']);
    expect(effects('Warmup keeps the loss from diverging')).toEqual(['diverges']);
    expect(effects('Training plateaus after 2k steps without warmup')).toEqual(['stalls']);
    expect(effects('Bottleneck 16 underfits, 256 overfits')).toEqual(['underfits', 'overfits']);
    expect(effects('The loss is unstable without warmup')).toEqual([]);
    expect(effects('Fails to converge without warmup')).toEqual([]);
  });

  it('the same setting with another effect on the same quantity is two findings, with the reason; a rewrite of one effect is one', () => {
    // Without the rule these two link: the same words, tags, numbers and body but for the effect.
    expect(linked(diverges, stalls)).toBe(false);
    const c = compareFindings(finding(diverges), finding(stalls));
    expect(c.otherEffects).toEqual([['diverge'], ['stall']]);
    expect(isAgainst(c)).toBe(true);
    const rewrite = { ...diverges, id: 'k-e3', title: 'Small LMs: peak LR 3e-4 with no warmup blows up the loss', claim: 'At 125M parameters the training loss blows up around step 2k with peak learning rate 3e-4 and no warmup.' };
    expect(compareFindings(finding(diverges), finding(rewrite)).otherEffects).toBeNull();
    expect(linked(diverges, rewrite)).toBe(true);
    // One side says no effect in words: open.
    expect(compareFindings(finding(diverges), finding({ id: 'k-e4', title: 'Peak LR 3e-4 without warmup is unstable for small LMs' })).otherEffects).toBeNull();
  });

  it('a neighbor list says why a card with another effect is apart', () => {
    const top = buildNeighborIndex([...FILLER, stalls].map(meta)).query({ title: diverges.title, claim: diverges.claim, body: diverges.body, tags }, { limit: 3 });
    expect(top.find((n) => n.card.id === 'k-e2')!.reasons).toContain('different effects: diverge / stall');
  });
});

describe('statements', () => {
  it('a card without a claim states its finding in its first body line, unless many cards open with that line', () => {
    const long = {
      id: 'k-long', title: 'Vocabulary size 64k helps rare entities in Chinese NER', keywords: ['vocabulary size'], tags: ['domain:nlp', 'topic:tokenization'],
      claim: 'For character-heavy languages, a 64k vocabulary helps rare entities on Chinese NER, worth 3.8 span F1.',
    };
    const terse = { id: 'k-terse', title: 'vocab 64k: rare entities', tags: ['topic:tokenization'], body: 'vocab size 64k helps rare entities on Chinese NER (3.8 span F1).\n' };
    expect(linked(long, terse)).toBe(true);
    // Five cards with bare titles that open with one boilerplate line: that line states nothing.
    const boiler = 'Keep the evaluation script fixed when comparing runs across seeds.\n';
    const rest = [
      'Packed batches of mixed lengths ran on eight GPUs with the usual attention masks and a fixed token budget.',
      'We compared packed and padded batches over one epoch of the instruction mix, logging every hundred steps.',
      'Sequences were concatenated up to 4096 tokens with separator tokens between them and no cross attention.',
      'The same model and optimizer were kept; only how examples are laid out in each batch was changed here.',
      'A second sweep with shorter contexts gave the same picture on the held out split of the mix we used.',
    ];
    const titles = ['Sequence packing', 'Mixed precision', 'Gradient accumulation', 'Activation offloading', 'Fused optimizers'];
    const cards = titles.map((title, i) => meta({ id: `k-b${i}`, title, body: `${boiler}\n${rest[i]}\n` }));
    const found = findClusters([...FILLER.map(meta), ...cards]).clusters;
    expect(found).toEqual([]);
  });
});

describe('neighbors', () => {
  it('rank a reworded duplicate above a same-topic card pinned to another dataset, and say why the other is apart', () => {
    const cards = [
      ...FILLER,
      { id: 'k-dup', title: 'Label smoothing 0.1 lowers ECE of extractive readers on NQ-open', claim: 'On NQ-open, label smoothing 0.1 lowered reader ECE from 0.09 to 0.05.', tags: ['topic:calibration'] },
      { id: 'k-look', title: 'Label smoothing 0.2 lowers ECE of extractive readers on TriviaQA', claim: 'On TriviaQA, label smoothing 0.2 lowered reader ECE from 0.11 to 0.06.', tags: ['topic:calibration'] },
    ].map(meta);
    const index = buildNeighborIndex(cards);
    const top = index.query({ title: 'NQ-open readers: LS 0.1 lowers ECE', claim: 'Reader ECE on NQ-open went from 0.09 to 0.05 with label smoothing 0.1.', tags: ['topic:calibration'] }, { limit: 3 });
    expect(top[0].card.id).toBe('k-dup');
    const look = top.find((n) => n.card.id === 'k-look')!;
    expect(look.reasons).toContain('different specifics: nq-open, 0.1 / 0.2, triviaqa');
    expect(look.score).toBeLessThan(top[0].score / 2);
  });

  it('evidence against halves a neighbor once: a same-topic card with another finding stays above a card that shares only a tag', () => {
    const cards = [
      ...FILLER,
      { id: 'k-dup', title: 'Label smoothing 0.1 lowers ECE of extractive readers on NQ-open', claim: 'On NQ-open, label smoothing 0.1 lowered reader ECE from 0.09 to 0.05.', tags: ['topic:calibration'] },
      // Another dataset, other values, other measurements: three pieces of evidence against, halved once.
      { id: 'k-look', title: 'Label smoothing 0.2 lowers ECE of extractive readers on TriviaQA', claim: 'On TriviaQA, label smoothing 0.2 lowered reader ECE from 0.11 to 0.06.', tags: ['topic:calibration'] },
      { id: 'k-tag', title: 'Histogram binning needs a held-out split', claim: 'Binning fitted on the test split overstates calibration.', tags: ['topic:calibration'] },
    ].map(meta);
    const top = buildNeighborIndex(cards).query({ title: 'NQ-open readers: LS 0.1 lowers ECE', claim: 'Reader ECE on NQ-open went from 0.09 to 0.05 with label smoothing 0.1.', tags: ['topic:calibration'] }, { limit: 5 });
    const ids = top.map((n) => n.card.id);
    expect(ids.slice(0, 2)).toEqual(['k-dup', 'k-look']);
    const look = top[1];
    expect(look.reasons.some((r) => r.startsWith('different specifics'))).toBe(true);
    expect(look.reasons.some((r) => r.startsWith('different measurements'))).toBe(true);
    const tagOnly = top.find((n) => n.card.id === 'k-tag');
    if (tagOnly) expect(look.score).toBeGreaterThan(tagOnly.score);
  });
});
