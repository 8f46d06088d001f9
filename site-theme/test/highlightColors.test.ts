import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';
import { getHighlightColors } from '../src/content/renderContent.js';

extend([a11yPlugin]);

/** Colours authors give `:highlight[]`: brand colours, CSS names, light, mid and dark tones, translucent ones. */
const COLOURS = [
  '#1877F2',
  '#25c2a0',
  '#ff0000',
  'red',
  'orange',
  'gold',
  'yellow',
  'lime',
  'teal',
  'navy',
  'black',
  'white',
  '#777',
  '#808080',
  '#767676',
  'hsl(200 80% 50%)',
  'rgb(24 119 242 / 30%)',
  'rgba(0, 0, 0, 0.1)',
];

describe(':highlight colours', () => {
  it.each(COLOURS)('gives text at 4.5:1 or better on %s', (given) => {
    const colors = getHighlightColors(given)!;
    expect(colord(colors.backgroundColor).alpha()).toBe(1);
    expect(colord(colors.backgroundColor).contrast(colors.color)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white text on a brand blue, darkening it only as far as needed', () => {
    const colors = getHighlightColors('#1877F2')!;
    expect(colors.color).toBe('#fff');
    expect(colord(colors.backgroundColor).contrast('#fff')).toBeLessThan(4.7);
    const [given, shown] = [colord('#1877F2').toHsl(), colord(colors.backgroundColor).toHsl()];
    expect(Math.abs(shown.h - given.h)).toBeLessThanOrEqual(1);
    expect(given.l - shown.l).toBeGreaterThan(0);
    expect(given.l - shown.l).toBeLessThanOrEqual(5);
  });

  it('puts black text on light colours, unchanged', () => {
    expect(getHighlightColors('yellow')).toEqual({ backgroundColor: '#ffff00', color: '#000' });
  });

  it('leaves a colour CSS does not know to the stylesheet', () => {
    expect(getHighlightColors('not-a-colour')).toBeUndefined();
  });
});
