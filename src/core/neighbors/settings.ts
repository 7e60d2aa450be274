// The settings a finding can be about (the method or knob it tried), by the ways researchers write them: each name is
// a key (lower case, matched as whole words after abbreviations are expanded: `LS` is `label smoothing`, `grad
// clipping` is `gradient clipping` by then), its value the setting's family. Two findings that each name settings and
// none in common are about different settings (`Label smoothing lowers calibration error for readers` / `Mixup lowers
// calibration error for readers`): evidence against a duplicate, however alike the rest (finding.ts). Methods written
// as names (`AdamW`, `GPTQ`) are specifics already (specifics.ts), which tell two of them apart; these are the ones
// written in plain words, and the optimizers as one setting (so `AdamW` is a setting against `dropout`).
//
// A family is as wide as a rewrite may wander: a card about warmup and its rewrite about the learning rate schedule
// are one setting; an EMA and checkpoint averaging are both weight averaging. What a finding compares against
// (`full finetuning`, `fp32`) is no setting of its own: two methods that both match full finetuning would share it.
// A home can add names and families and drop shipped ones (vocabulary.ts: `settings` in
// `<home>/.distill/abbreviations.json`).

import { tableOf } from './families.js';

const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  'learning rate': [
    'learning rate', 'learning rates', 'peak learning rate', 'learning rate schedule', 'learning rate warmup', 'warmup',
    'warmup ratio', 'warmup steps', 'cosine decay', 'cosine schedule', 'cosine annealing', 'linear decay', 'step decay',
    'layer-wise learning rate decay', 'layerwise learning rate decay',
  ],
  // `at large batch sizes` is the condition a finding held under, not a setting it tried (finding.ts CONDITION).
  'batch size': [
    'batch size', 'batch sizes', 'minibatch size', 'large batch', 'large batches', 'large-batch', 'larger batches', 'bigger batches',
    'gradient accumulation',
  ],
  'weight decay': ['weight decay', 'l2 regularization', 'l2 penalty', 'decoupled weight decay'],
  dropout: ['dropout', 'attention dropout', 'dropout rate'],
  'stochastic depth': ['stochastic depth', 'drop path', 'droppath'],
  'label smoothing': ['label smoothing'],
  mixup: ['mixup'],
  cutmix: ['cutmix'],
  'data augmentation': ['data augmentation', 'augmentation'],
  'back-translation': ['back-translation', 'backtranslation', 'back translation'],
  'counterfactual augmentation': ['counterfactual augmentation', 'counterfactual data augmentation'],
  'augmentation policies': ['randaugment', 'autoaugment'],
  'paraphrase augmentation': ['paraphrase augmentation'],
  regularization: ['regularization', 'regularizer', 'regularizers'],
  'parameter efficient finetuning': ['parameter efficient finetuning', 'parameter-efficient finetuning'],
  'model compression': ['model compression', 'compression'],
  'gradient clipping': ['gradient clipping', 'gradient norm clipping', 'clipping gradients', 'clipped gradients', 'clip norm'],
  'mixed precision': ['mixed precision', 'mixed-precision', 'half precision', 'bf16', 'fp16', 'loss scaling', 'loss scale'],
  'gradient checkpointing': ['gradient checkpointing', 'activation checkpointing', 'activation recomputation', 'rematerialization'],
  'weight averaging': [
    'checkpoint averaging', 'weight averaging', 'stochastic weight averaging', 'swa', 'model soup', 'model soups',
    'exponential moving average', 'polyak averaging',
  ],
  'knowledge distillation': ['knowledge distillation', 'distillation', 'self-distillation'],
  'chain of thought': ['chain of thought', 'chain-of-thought', 'step-by-step prompting', 'scratchpad'],
  'self-consistency': ['self-consistency', 'self consistency', 'majority voting'],
  negatives: ['hard negative mining', 'hard negatives', 'negative mining', 'mined negatives', 'negative sampling', 'in-batch negatives', 'bm25 negatives'],
  'query expansion': ['query expansion', 'query rewriting', 'pseudo-relevance feedback', 'doc2query'],
  freezing: ['freezing', 'frozen embeddings', 'freezing embeddings', 'embedding freezing', 'layer freezing', 'frozen layers', 'frozen backbone'],
  // `LoRA` is expanded to `low rank adaptation`; written out it is often hyphenated, or called low-rank adapters.
  'low rank adaptation': [
    'low rank adaptation', 'low-rank adaptation', 'low rank adapters', 'low-rank adapters', 'low rank adapter', 'low-rank adapter',
    'qlora', 'lora rank',
  ],
  adapters: ['adapter', 'adapters', 'adapter tuning', 'adapter finetuning', 'adapter layers'],
  'prefix tuning': ['prefix tuning', 'prefix-tuning'],
  'prompt tuning': ['prompt tuning', 'prompt-tuning', 'soft prompts', 'soft prompt'],
  quantization: ['quantization', 'quantized', 'quantizing', 'int8', 'int4', '4-bit quantization', '8-bit quantization'],
  pruning: ['pruning', 'magnitude pruning', 'structured pruning', 'layer pruning', 'head pruning'],
  'early stopping': ['early stopping', 'early-stopping', 'early stopping patience'],
  'temperature scaling': ['temperature scaling'],
  'platt scaling': ['platt scaling'],
  'isotonic regression': ['isotonic regression'],
  'curriculum learning': ['curriculum', 'curriculum learning', 'curriculum ordering'],
  'self-training': ['self-training', 'self training', 'pseudo-labeling', 'pseudo labeling', 'pseudo-labels', 'pseudo labels'],
  'classifier-free guidance': ['classifier-free guidance', 'guidance scale'],
  'beam search': ['beam search', 'beam size', 'beam width'],
  'greedy decoding': ['greedy decoding'],
  'nucleus sampling': ['nucleus sampling', 'top-p sampling'],
  'speculative decoding': ['speculative decoding', 'draft model', 'draft length'],
  'entity masking': ['entity masking', 'entity masks', 'entity markers', 'typed markers'],
  ensembling: ['ensemble', 'ensembles', 'ensembling', 'ensemble size'],
  reranking: ['reranking', 're-ranking', 'reranker', 'rerankers', 'cross-encoder', 'cross-encoders'],
  'context length': ['sequence length', 'context length', 'context window', 'truncation', 'max length'],
  'focal loss': ['focal loss'],
  // One family: `AdamW beats SGD` and its rewrites name several; two optimizers apart are names (specifics.ts) already.
  optimizer: ['optimizer', 'optimizers', 'optimizer choice', 'adamw', 'adam', 'sgd', 'adafactor', 'lion', 'lamb', 'rmsprop', 'adagrad'],
  'active learning': ['active learning', 'uncertainty sampling'],
  reweighting: ['class reweighting', 'loss reweighting', 'reweighting', 'importance weighting', 'class weights'],
  'synthetic data': ['synthetic data', 'data synthesis', 'synthetic examples'],
  packing: ['sequence packing', 'packed sequences', 'example packing'],
  'tokenizer retraining': ['tokenizer retraining', 'retrained tokenizer', 'tokenizer vocabulary', 'vocabulary size'],
  'flash attention': ['flash attention', 'flashattention', 'fused attention'],
  'batch normalization': ['batch normalization', 'batchnorm'],
  'layer normalization': ['layer normalization', 'layernorm'],
};

/**
 * The broader setting of some families: `Data augmentation lowers ECE` and `Mixup lowers ECE` may be one lesson, one
 * card only less precise, as for names (specifics.ts); `Mixup …` and `CutMix …` are two.
 */
export const BROADER: Readonly<Record<string, string>> = Object.freeze({
  mixup: 'data augmentation', cutmix: 'data augmentation', 'back-translation': 'data augmentation',
  'counterfactual augmentation': 'data augmentation', 'augmentation policies': 'data augmentation',
  'paraphrase augmentation': 'data augmentation',
  'weight decay': 'regularization', dropout: 'regularization', 'stochastic depth': 'regularization', 'label smoothing': 'regularization',
  'low rank adaptation': 'parameter efficient finetuning', adapters: 'parameter efficient finetuning',
  'prefix tuning': 'parameter efficient finetuning', 'prompt tuning': 'parameter efficient finetuning',
  quantization: 'model compression', pruning: 'model compression', 'knowledge distillation': 'model compression',
});

/** The shipped names, each with its family. */
export const SETTINGS: Readonly<Record<string, string>> = tableOf(FAMILIES);
