import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const STYLES = readFileSync(new URL('../src/styles.css', import.meta.url), 'utf8');

describe('the theme stylesheet', () => {
  it('uses only custom properties it defines (a property used without a fallback must be set somewhere)', () => {
    const defined = new Set([...STYLES.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]!));
    // `var(--name)` without a fallback: with one, an unset property is what the rule expects.
    const used = new Set([...STYLES.matchAll(/var\((--[\w-]+)\s*\)/g)].map((match) => match[1]!));
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});
