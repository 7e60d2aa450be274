// The labeled duplicate set (fixtures/dups-eval/): from each fact of facts.json ([knob, knob short, model, model
// short, dataset, metric, metric short, value, effect, other dataset, other value, and for some another method or
// another kind of effect]) a
// group of 2-4 cards a curator would merge (graded rewrites: the original; the title reworded only; synonyms and
// abbreviations; another author's wording with other tags; a terse one-liner) and 1-2 same-topic look-alikes that must
// stay apart (the opposite finding; the same finding on another dataset with another number; the same setting's effect
// on another quantity; the same effect of another method; another kind of effect of the same setting, `stalls` for
// `diverges`). `node scripts/bench/dups-eval.js` rewrites groups.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/dups-eval');
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// Effects on another quantity: the effect, the quantity, and what in a fact says it is about that quantity already.
const OTHER_EFFECTS = [
  ['doubles peak GPU memory', 'memory', /memory/],
  ['adds a third to the training time', 'training time', /training/],
  ['cuts inference latency in half', 'latency', /latency|speed/],
  ['halves the training throughput', 'throughput', /throughput/],
];

function group(fact, g) {
  const [knob, knobS, model, modelS, data, metric, metricS, value, effect, altData, altValue, altMethod, altKind] = fact;
  const area = `topic:${slug(knob)}`;
  const tags = ['domain:ml', area, `data:${slug(data)}`];
  const seeds = 3 + (g % 4);
  const delta = (1 + (g % 5) * 0.7).toFixed(1);
  const id = (role) => `knowledge-e${String(g).padStart(2, '0')}${role}`;
  const original = {
    id: id('orig'), role: 'original', tags, keywords: [knob, metric],
    title: `${cap(knob)} ${value} ${effect} for ${model} on ${data}`,
    claim: `For ${model} on ${data}, a ${knob} of ${value} ${effect}, worth ${delta} ${metric} over ${seeds} seeds.`,
    body: `We swept the ${knob} for ${model} on ${data} and compared ${metric} across ${seeds} seeds.\n\n` +
      `With ${value} the ${knob} ${effect}; the gap was ${delta} ${metric} and held on both the dev and the test split.\n\n` +
      `Boundary: checked on ${data} only; re-check before carrying it to another dataset.`,
  };
  const titleOnly = { ...original, id: id('titl'), role: 'title-only', title: `On ${data}, ${model} with ${knob} ${value}: ${effect} (rerun)` };
  const abbrev = {
    id: id('abbr'), role: 'abbreviations', tags, keywords: [knobS, metricS],
    title: `${cap(knobS)} ${value} ${effect} for ${modelS} on ${data}`,
    claim: `${modelS} on ${data}: ${knobS} ${value} ${effect}, +${delta} ${metricS} over ${seeds} seeds.`,
    body: `Swept ${knobS} for ${modelS} on ${data}, ${metricS} over ${seeds} seeds.\n\n` +
      `${knobS} ${value} ${effect}; gap ${delta} ${metricS}, dev and test alike.\n\nOnly checked on ${data}.`,
  };
  const author = {
    id: id('auth'), role: 'other-author', tags: ['area:training', area], keywords: [knob],
    title: `What we learned about ${knob} when training ${model} (${data})`,
    claim: `Setting the ${knob} to ${value} ${effect} for ${model} on ${data} (${delta} ${metric}).`,
    body: `In our runs of ${model} on ${data}, the ${knob} was the knob that mattered: at ${value} it ${effect}.\n\n` +
      `Averaged over ${seeds} seeds the difference came to ${delta} ${metric}, on dev as on test.`,
  };
  const terse = {
    id: id('ters'), role: 'one-liner', tags: [area], keywords: [],
    title: `${modelS}: ${knobS} ${value} ${effect}`, claim: null,
    body: `${knobS} ${value} ${effect} on ${data} (${delta} ${metricS}).`,
  };
  const opposite = {
    id: id('oppo'), role: 'opposite', tags, keywords: [knob, metric],
    title: `${cap(knob)} ${value} does not help ${model} on ${data}`,
    claim: `For ${model} on ${data}, a ${knob} of ${value} did not improve ${metric}; differences stayed within seed noise over ${seeds} seeds.`,
    body: `We swept the ${knob} for ${model} on ${data} and compared ${metric} across ${seeds} seeds.\n\n` +
      `With ${value} nothing changed beyond seed noise; earlier reports of a gain did not reproduce.\n\n` +
      `Boundary: checked on ${data} only.`,
  };
  const otherData = {
    id: id('othr'), role: 'other-dataset', tags: ['domain:ml', area, `data:${slug(altData)}`], keywords: [knob, metric],
    title: `${cap(knob)} ${altValue} ${effect} for ${model} on ${altData}`,
    claim: `For ${model} on ${altData}, a ${knob} of ${altValue} ${effect}, worth ${(Number(delta) + 1.3).toFixed(1)} ${metric}.`,
    body: `We swept the ${knob} for ${model} on ${altData}; ${altValue} was best by ${(Number(delta) + 1.3).toFixed(1)} ${metric}.\n\n` +
      `The ${data} setting was not part of this sweep.`,
  };
  // The same setting's effect on another quantity (memory, training time, latency, throughput): another lesson, with
  // the original's wording, body and tags, and no number to tell them apart.
  const [otherEffect, otherNoun] = OTHER_EFFECTS.filter(([, , near]) => !near.test(`${metric} ${effect}`.toLowerCase()))[g % 3];
  const otherTarget = {
    id: id('trgt'), role: 'other-target', tags, keywords: [knob],
    title: `${cap(knob)} ${value} ${otherEffect} for ${model} on ${data}`,
    claim: `For ${model} on ${data}, a ${knob} of ${value} ${otherEffect}, over ${seeds} seeds.`,
    body: `We swept the ${knob} for ${model} on ${data} and compared ${otherNoun} across ${seeds} seeds.\n\n` +
      `With ${value} the ${knob} ${otherEffect}, on the dev and the test runs alike.\n\n` +
      `Boundary: checked on ${data} only; re-check before carrying it to another dataset.`,
  };
  // The same effect of another method, in the original's words, tags and body, with no number to tell them apart
  // (nor the value: a method has none of the knob's).
  const otherMethod = altMethod && {
    id: id('meth'), role: 'other-method', tags, keywords: [altMethod, metric],
    title: `${cap(altMethod)} ${effect} for ${model} on ${data}`,
    claim: `For ${model} on ${data}, ${altMethod} ${effect}, over ${seeds} seeds.`,
    body: `We tried ${altMethod} for ${model} on ${data} and compared ${metric} across ${seeds} seeds.\n\n` +
      `With ${altMethod} the model ${effect}, on the dev and the test split alike.\n\n` +
      `Boundary: checked on ${data} only; re-check before carrying it to another dataset.`,
  };
  // Another kind of effect of the same setting on the same quantity (`stalls` for `diverges`), in the original's words.
  const otherKind = altKind && {
    ...original, id: id('kind'), role: 'other-effect',
    title: original.title.replace(effect, altKind),
    claim: original.claim.replace(effect, altKind),
    body: original.body.replace(effect, altKind),
  };
  const rewrites = [titleOnly, abbrev, author, terse];
  // Sizes 2, 3, 4 in turn; which rewrites join rotates so every grade is measured.
  const size = 2 + (g % 3);
  const members = [original];
  for (let k = 0; members.length < size; k++) members.push(rewrites[(g + k) % rewrites.length]);
  const first = g % 2 === 0 || g % 4 === 1 ? opposite : otherData;
  const lookalikes = [first, otherMethod || otherKind || (g % 2 === 0 ? otherData : otherTarget)];
  return { group: `g${String(g).padStart(2, '0')}`, duplicates: members, lookalikes };
}

export function evalGroups() {
  return JSON.parse(fs.readFileSync(path.join(dir, 'groups.json'), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const facts = JSON.parse(fs.readFileSync(path.join(dir, 'facts.json'), 'utf8'));
  const groups = facts.map((fact, g) => group(fact, g));
  fs.writeFileSync(path.join(dir, 'groups.json'), JSON.stringify(groups, null, 1) + '\n');
  console.log(`${groups.length} groups, ${groups.reduce((n, x) => n + x.duplicates.length, 0)} duplicates, ${groups.reduce((n, x) => n + x.lookalikes.length, 0)} look-alikes`);
}
