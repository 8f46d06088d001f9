import type { CodeTheme, SiteConfig } from '@docgen/types';

/** A theme's style keys (camelCase, as prism-react-renderer writes them) as CSS properties. */
const toProperty = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const declarations = (style: Record<string, string | number>) =>
  Object.entries(style)
    .map(([key, value]) => `${toProperty(key)}:${value}`)
    .join(';');

/**
 * The CSS of `code.theme` and `code.darkTheme` (Docusaurus's `prism.theme` and `prism.darkTheme`,
 * prism-react-renderer's theme objects): each theme's plain colours as the theme's code block
 * variables, and each style as a rule of its token types, in the colour mode it is for. A token the
 * theme has no style for is drawn in the plain colours, as prism-react-renderer draws it, not in
 * docgen's own token colours: a rule of the mode puts them back to the block's first. It comes
 * after the theme's styles (which it wins over, at the same specificity) and before the site's own.
 * Empty without either theme.
 */
export function toCodeThemeCss(code: SiteConfig['themeConfig']['code']): string {
  const modes: [string, CodeTheme | undefined][] = [
    ['light', code.theme],
    ['dark', code.darkTheme],
  ];
  const rules: string[] = [];
  for (const [mode, theme] of modes) {
    if (!theme) continue;
    const scope = `[data-theme='${mode}']`;
    const { color, backgroundColor, ...plain } = theme.plain;
    const variables = [
      ...(color !== undefined ? [`--ifm-pre-color:${color}`] : []),
      ...(backgroundColor !== undefined ? [`--ifm-pre-background:${backgroundColor}`] : []),
    ];
    if (variables.length > 0) rules.push(`${scope}{${variables.join(';')}}`);
    rules.push(`${scope} .token{color:inherit;font-style:inherit;font-weight:inherit}`);
    if (Object.keys(plain).length > 0) rules.push(`${scope} .code-block__pre{${declarations(plain)}}`);
    for (const { types, languages, style } of theme.styles) {
      const within = languages && languages.length > 0 ? languages.map((language) => ` .language-${language}`) : [''];
      const selectors = within.flatMap((prefix) => types.map((type) => `${scope}${prefix} .token.${type}`));
      rules.push(`${selectors.join(',')}{${declarations(style)}}`);
    }
  }
  return rules.join('\n');
}
