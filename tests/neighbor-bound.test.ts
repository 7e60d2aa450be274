// The neighbor query compares whole findings only for candidates whose bound can still make the list (rank.ts). The
// bound must never be under what the evidence makes of a score, and the evidence, which leaves the costliest check
// out when the rest already speaks against, must be what comparing everything gives (issue 16).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyEvidence } from '../src/core/neighbors/body-evidence.js';
import { compareFindings, findingOfCard, findingReasons, isAgainst, weighFindings } from '../src/core/neighbors/finding.js';
import { bodyPrint, sigSimilarity } from '../src/core/neighbors/fingerprint.js';
import { openStoreSync, type Store } from '../src/core/store/load.js';
import type { CardMeta } from '../src/core/store/cardMeta.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

let tmp: string;
let store: Store;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-bound-'));
  store = openStoreSync((generateHome(path.join(tmp, 'gen'), { cards: 200, seed: 8 }) as { home: string }).home, { cache: false });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** What the evidence makes of a score when everything is compared (the rule of body-evidence.ts, written out). */
function reference(probe: { title: string; claim: string | null; body: string; keywords: readonly string[]; tags: readonly string[] }, card: CardMeta, score: number) {
  const print = bodyPrint(probe.body);
  const sig = print ? print.sig : null;
  const cardSig = sig && card.body ? card.body.sig : null;
  const body = print && card.body && print.key === card.body.key ? 1 : sig && cardSig ? sigSimilarity(sig, cardSig) : 0;
  const excerpt = probe.body.trim().split('\n', 1)[0] ?? '';
  const c = compareFindings(findingOfCard({ ...probe, excerpt }), findingOfCard(card));
  const against = isAgainst(c);
  let s = score;
  let adjusted: number;
  if (body >= 0.8 && !against) adjusted = Math.max(s, 0.7 + 0.3 * body);
  else {
    if (body >= 0.4 && !against) s += 0.4 * (body - 0.3);
    adjusted = Math.max(0, Math.min(1, weighFindings(s, c, { once: true })));
  }
  const reasons = [...(body === 1 ? ['same body'] : body >= 0.4 ? [`similar body ${body.toFixed(2)}`] : []), ...findingReasons(c)];
  return { adjusted, reasons };
}

describe('the whole-card evidence of a neighbor query', () => {
  it('is what comparing everything gives, and never above its bound', () => {
    const cards = store.cards.filter((c) => c.body !== null);
    let against = 0;
    let bounded = 0;
    for (const probeCard of cards.slice(0, 12)) {
      const full = store.readCard(probeCard).card!;
      const probe = { title: probeCard.title, claim: probeCard.claim, body: full.body, keywords: probeCard.keywords, tags: probeCard.tags };
      const evidence = bodyEvidence(probe);
      for (const card of cards) {
        for (const score of [0, 0.2, 0.45, 0.7]) {
          const bound = evidence.bound(score, card);
          const adjusted = evidence.adjust(score, card);
          const ref = reference(probe, card, score);
          expect(adjusted).toBe(ref.adjusted);
          expect(adjusted).toBeLessThanOrEqual(bound);
          if (bound < Math.min(1, score + 0.15)) bounded++;
        }
        expect(evidence.reasons(card)).toEqual(ref(probe, card));
        if (isAgainst(compareFindings(findingOfCard({ ...probe, excerpt: '' }), findingOfCard(card)))) against++;
      }
    }
    // The cases this is about occur: bounds tighter than the old flat one, and evidence against.
    expect(bounded).toBeGreaterThan(100);
    expect(against).toBeGreaterThan(100);
  });
});

function ref(probe: Parameters<typeof reference>[0], card: CardMeta): string[] {
  return reference(probe, card, 0).reasons;
}
