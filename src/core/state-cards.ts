// Cards that are not lessons: DeepScientist's finalize and decision skills ask agents to write checkpoint cards (resume
// packets for the next turn: current route, active node, next step) tagged `type:checkpoint-memory`, often with
// `type:status-clarification`; the skills name `type:state-audit` and `type:route-handoff` too (formats spec §10).
// They are state, not lessons: `distill lessons`, `recall` and `recall --checklist` leave them out unless asked
// (--include-state), and no neighbor query ever proposes one (docs/CARDS.md).
//
// Decided from the tags as written, conservatively: only these four tags, compared after the case and whitespace
// changes agents make (`Type:Checkpoint-Memory`, `type: checkpoint memory`, `type:checkpoint_memory`). A card that
// also carries a lesson tag the skills name (`type:revision-lesson`, ...) is a lesson: a lesson is never hidden.
// The answer is kept in the metadata cache's light section: a change to these rules bumps CACHE_VERSION (store/cache.ts).

/** The skills' state-like tags, in their canonical spelling. */
export const STATE_TAGS: readonly string[] = ['type:checkpoint-memory', 'type:status-clarification', 'type:state-audit', 'type:route-handoff'];

/** The skills' lesson-like tags: a card with one of them is a lesson, whatever else it carries. */
export const LESSON_TAGS: readonly string[] = ['type:revision-lesson', 'type:reuse-rule', 'type:claim-downgrade', 'type:experiment-gap'];

const STATE = new Set(STATE_TAGS);
const LESSON = new Set(LESSON_TAGS);

/**
 * A tag as the rule compares it: lower case, no space around the colon, runs of spaces or underscores inside a word
 * as one hyphen. Only for this comparison: recall still matches tags as exact strings (spec §3.4).
 */
export function tagForm(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s*:\s*/g, ':').replace(/[\s_]+/g, '-');
}

/** Whether a card with these tags is a state card (a resume packet, not a lesson). */
export function isStateCard(tags: readonly string[]): boolean {
  let state = false;
  for (const tag of tags) {
    // Cheap first look: every tag of the rule starts with "type" in some case.
    const t = tag.trimStart();
    if (t.length < 5 || (t.charCodeAt(0) | 32) !== 116) continue;
    const form = tagForm(tag);
    if (LESSON.has(form)) return false;
    if (STATE.has(form)) state = true;
  }
  return state;
}
