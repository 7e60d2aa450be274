// Types of yaml-bomb.js for the tests that import it.
export function yamlBomb(levels: number, word?: string): string;
export function sampleDraft(extra: string): string;
