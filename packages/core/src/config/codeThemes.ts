import { createRequire } from 'node:module';
import type { CodeTheme } from '@docgen/types';

/**
 * The themes of prism-react-renderer, by the names Docusaurus configs import them by
 * (`themes.github`, `prism-react-renderer/themes/github`): `code.theme: github` in docgen's config.
 * The list is checked against the installed package by a test, so that the config's schema does
 * not load the package (and Prism with it) on every command.
 */
export const CODE_THEME_NAMES = [
  'dracula',
  'duotoneDark',
  'duotoneLight',
  'github',
  'gruvboxMaterialDark',
  'gruvboxMaterialLight',
  'jettwaveDark',
  'jettwaveLight',
  'nightOwl',
  'nightOwlLight',
  'oceanicNext',
  'okaidia',
  'oneDark',
  'oneLight',
  'palenight',
  'shadesOfPurple',
  'synthwave84',
  'ultramin',
  'vsDark',
  'vsLight',
] as const;

export type CodeThemeName = (typeof CODE_THEME_NAMES)[number];

export const isCodeThemeName = (name: unknown): name is CodeThemeName => CODE_THEME_NAMES.includes(name as CodeThemeName);

/** prism-react-renderer's themes by name (the package is loaded on the first call). */
export function readCodeThemes(): Record<CodeThemeName, CodeTheme> {
  return (createRequire(import.meta.url)('prism-react-renderer') as { themes: Record<CodeThemeName, CodeTheme> }).themes;
}

/** A theme of the config: a name's colours from prism-react-renderer, a theme written out as it is. */
export function resolveCodeTheme(theme: CodeThemeName | CodeTheme | undefined): CodeTheme | undefined {
  return typeof theme === 'string' ? readCodeThemes()[theme] : theme;
}
