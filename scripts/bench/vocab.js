// Vocabulary of the synthetic lesson store. Each entry is [canonical wording, paraphrase wording]; a paraphrased draft
// picks the second wording, so the engine must find it without sharing that phrase.

export const METHODS = [
  ['temperature scaling', 'logit temperature rescaling'],
  ['label smoothing', 'soft target smoothing'],
  ['adapter tuning', 'bottleneck adapters'],
  ['LoRA fine-tuning', 'low-rank adaptation'],
  ['dropout', 'random unit dropping'],
  ['mixed precision', 'fp16 training'],
  ['gradient clipping', 'clipping of gradient norms'],
  ['learning-rate warmup', 'warmup of the step size'],
  ['data augmentation', 'augmented training data'],
  ['early stopping', 'stopping training early'],
  ['weight decay', 'L2 regularization'],
  ['beam search', 'beam decoding'],
  ['passage reranking', 'reranking retrieved passages'],
  ['curriculum learning', 'easy-to-hard ordering'],
  ['knowledge distillation', 'teacher-student training'],
  ['int8 quantization', '8-bit weights'],
  ['prompt tuning', 'soft prompts'],
  ['contrastive pretraining', 'contrastive pre-training'],
  ['dense retrieval', 'bi-encoder retrieval'],
  ['BM25 retrieval', 'sparse lexical retrieval'],
  ['cosine decay', 'cosine learning-rate schedule'],
  ['batch size scaling', 'larger batches'],
  ['layer freezing', 'frozen lower layers'],
  ['checkpoint averaging', 'averaging of checkpoints'],
  ['ensembling', 'model ensembles'],
  ['self-training', 'pseudo-labeling'],
  ['active learning', 'uncertainty sampling'],
  ['entity masking', 'masking of entity spans'],
  ['length normalization', 'normalizing by length'],
  ['retrieval depth increase', 'retrieving more passages'],
  ['gradient accumulation', 'accumulated gradients'],
  ['AdamW', 'decoupled weight decay Adam'],
  ['focal loss', 'focal objective'],
  ['class reweighting', 'reweighted classes'],
  ['tokenizer retraining', 'a retrained tokenizer'],
  ['sequence packing', 'packed sequences'],
  ['flash attention', 'fused attention kernels'],
  ['synthetic data', 'generated training examples'],
  ['chain-of-thought prompting', 'step-by-step prompting'],
  ['query rewriting', 'rewritten queries'],
];

export const EFFECTS = [
  ['reduces', 'lowers'],
  ['improves', 'raises'],
  ['destabilizes', 'makes unstable'],
  ['does not change', 'leaves unchanged'],
  ['hurts', 'degrades'],
  ['halves', 'cuts in half'],
];

export const METRICS = [
  ['ECE', 'calibration error'],
  ['F1', 'F1 score'],
  ['perplexity', 'PPL'],
  ['exact match', 'EM'],
  ['training time', 'wall-clock time'],
  ['GPU memory', 'memory use'],
  ['BLEU', 'BLEU score'],
  ['accuracy', 'top-1 accuracy'],
  ['recall@10', 'retrieval recall'],
  ['loss spikes', 'loss instability'],
  ['seed variance', 'variance across seeds'],
  ['throughput', 'tokens per second'],
  ['latency', 'inference delay'],
  ['ROUGE-L', 'ROUGE'],
  ['entity recall', 'recall of entities'],
  ['hallucination rate', 'unsupported answers'],
  ['overconfidence', 'overconfident predictions'],
  ['convergence speed', 'steps to converge'],
  ['robustness', 'stability under shift'],
  ['MRR', 'mean reciprocal rank'],
];

export const DATASETS = [
  ['CoNLL-2003', 'CoNLL'],
  ['SQuAD', 'SQuAD v1.1'],
  ['NQ', 'Natural Questions'],
  ['TriviaQA', 'Trivia QA'],
  ['GLUE', 'the GLUE suite'],
  ['WMT14', 'WMT 2014'],
  ['ImageNet', 'ImageNet-1k'],
  ['CIFAR-10', 'CIFAR10'],
  ['MS MARCO', 'MSMARCO'],
  ['HotpotQA', 'Hotpot QA'],
  ['XSum', 'the XSum corpus'],
  ['CNN/DailyMail', 'CNN-DM'],
  ['OntoNotes', 'OntoNotes 5'],
  ['WikiText-103', 'WikiText'],
  ['BEIR', 'the BEIR suite'],
  ['MMLU', 'the MMLU exam set'],
  ['GSM8K', 'grade-school math'],
  ['HumanEval', 'the HumanEval problems'],
  ['PubMedQA', 'PubMed QA'],
  ['FEVER', 'the FEVER claims'],
  ['SST-2', 'SST2'],
  ['MNLI', 'MultiNLI'],
  ['WNUT-17', 'WNUT'],
  ['LibriSpeech', 'Libri speech'],
  ['COCO', 'MS-COCO'],
  ['BioASQ', 'Bio ASQ'],
  ['TyDi QA', 'TyDiQA'],
  ['ARC', 'the ARC challenge'],
  ['DROP', 'the DROP set'],
  ['QuAC', 'QuAC dialogs'],
];

export const CONDITIONS = [
  ['for small models', 'with small models'],
  ['in low-resource settings', 'with little training data'],
  ['on long inputs', 'with long contexts'],
  ['under distribution shift', 'out of domain'],
  ['at large batch sizes', 'with big batches'],
  ['after the first epoch', 'past epoch one'],
  ['with noisy labels', 'when labels are noisy'],
  ['in multilingual training', 'across languages'],
];

export const DOMAINS = ['domain:nlp', 'domain:vision', 'domain:speech', 'domain:ir', 'domain:code', 'domain:bio'];
export const TASKS = [
  'task:ner', 'task:open-qa', 'task:summarization', 'task:mt', 'task:classification', 'task:retrieval',
  'task:lm', 'task:reasoning', 'task:asr', 'task:captioning',
];
export const TOPICS = [
  'topic:calibration', 'topic:peft', 'topic:optimization', 'topic:evaluation', 'topic:debugging', 'topic:efficiency',
  'topic:robustness', 'topic:data', 'topic:decoding', 'topic:transfer', 'topic:regularization', 'topic:retrieval',
];
export const STAGES = ['stage:baseline', 'stage:experiment', 'stage:analysis', 'stage:idea', 'stage:write'];

export const DETAILS = [
  'across five seeds', 'with the official split', 'on the dev set', 'against the reproduced baseline',
  'at matched compute', 'with a frozen encoder', 'after tuning on dev', 'in every ablation', 'with early checkpoints',
  'at fixed token budget', 'with the default tokenizer', 'on held-out test data',
];

export const BODY_SENTENCES = [
  'Observed in the main experiment and confirmed by an analysis slice.',
  'The effect disappears when the baseline is not reproduced locally.',
  'Boundary: only checked on English data.',
  'Keep the evaluation script fixed when comparing runs.',
  'The gap is larger than the seed variance of the setup.',
  'Reported numbers in the paper used a different preprocessing.',
  'A second quest reproduced the finding with another backbone.',
  'Logs and metrics are in the run artifact.',
  'This contradicts the default recipe in the codebase.',
  'Re-check when the dataset version changes.',
];
