import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { OVERRIDES_DIR, readThemeComponents, type ThemeComponent } from './bundle/index.js';
import { readConfig } from './config/index.js';
import { DocgenError, suggestName, writingFile } from './diagnostics/index.js';
import { assertWritableFolder } from './output/index.js';

/** A component `docgen swizzle` can copy or wrap. */
export interface SwizzleComponent {
  name: string;
  /** Its props type, exported by `@docgen/site-theme/props` (or the site's theme's `./props`). */
  props: string;
}

/** The components of the site's theme that `src/theme/<Name>.tsx` overrides, in the theme's order. */
export function listSwizzleComponents(siteDir: string): SwizzleComponent[] {
  return readThemeComponents(readConfig(siteDir).themeDir).map(({ name, props }) => ({ name, props }));
}

export interface SwizzleOptions {
  siteDir: string;
  name: string;
  /** `eject`: a copy of the theme's source to change; `wrap`: a component that renders the original. */
  mode: 'eject' | 'wrap';
}

/**
 * Writes the site's override of the theme component `name` into `src/theme/` and returns its
 * site-relative path. It never replaces a file: an existing override of the name is an error, and
 * so is a `src/theme` that is a file or that this user cannot write in.
 */
export function swizzle({ siteDir, name, mode }: SwizzleOptions): string {
  const config = readConfig(siteDir);
  const components = readThemeComponents(config.themeDir);
  const component = components.find((candidate) => candidate.name === name);
  if (!component) {
    const suggestion =
      suggestName(
        name,
        components.map((candidate) => candidate.name),
      ) ?? suggestCaseInsensitive(name, components);
    throw new DocgenError(`The theme has no component "${name}" to swizzle${suggestion ? `: did you mean ${suggestion}?` : ''}`, {
      code: 'usage',
      hint: `docgen swizzle --list lists the components: ${components.map((candidate) => candidate.name).join(', ')}.`,
    });
  }
  const existing = ['.tsx', '.jsx', '.ts', '.js']
    .map((extension) => `${OVERRIDES_DIR}/${name}${extension}`)
    .find((path) => existsSync(join(siteDir, path)));
  if (existing) {
    throw new DocgenError(`${existing} exists already: swizzle never replaces a file`, {
      code: 'usage',
      location: { file: existing, line: 1, column: 1 },
      hint: `Delete or rename ${existing} first to swizzle ${name} again.`,
    });
  }
  const extension = mode === 'eject' ? extname(component.file) : '.tsx';
  const path = `${OVERRIDES_DIR}/${name}${extension}`;
  const text = mode === 'eject' ? toEjectedSource(component, config.themeDir) : toWrapperSource(component);
  assertWritableFolder(
    resolve(siteDir, OVERRIDES_DIR),
    `swizzle writes into ${OVERRIDES_DIR}/ of the site: make it a folder this user can write in.`,
  );
  mkdirSync(join(siteDir, OVERRIDES_DIR), { recursive: true });
  const file = join(siteDir, path);
  writingFile(file, () => writeFileSync(file, text, { flag: 'wx' }));
  return path;
}

const suggestCaseInsensitive = (name: string, components: ThemeComponent[]) =>
  components.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())?.name;

/**
 * The theme's source of `component`, for the site to change: its relative imports point into the
 * theme (`@theme-internal/<path>`, still overridable), and the component is its default export.
 */
function toEjectedSource(component: ThemeComponent, themeDir: string): string {
  const source = readFileSync(component.file, 'utf8');
  const themeSrc = join(themeDir, 'src');
  const rewritten = source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]+)\2/g,
    (_match, before: string, quote: string, specifier: string) => {
      const target = relative(themeSrc, resolve(dirname(component.file), specifier))
        .split('\\')
        .join('/');
      return `${before}${quote}@theme-internal/${target}${quote}`;
    },
  );
  return [
    `// Ejected from the theme's ${component.name} (docgen swizzle ${component.name} --eject): this file replaces it.`,
    `// Imports of @theme-internal/ are the theme's own modules; they may change in any docgen release.`,
    rewritten.trimEnd(),
    '',
    `export default ${component.exportName};`,
    '',
  ].join('\n');
}

/** Where a site imports the props types of the theme's components from. */
const PROPS_MODULE = '@docgen/site-theme/props';

function toWrapperSource(component: ThemeComponent): string {
  return [
    `import type { ${component.props} } from '${PROPS_MODULE}';`,
    `import Original${component.name} from '@theme-original/${component.name}';`,
    '',
    `/** The theme's ${component.name}, wrapped (docgen swizzle ${component.name} --wrap): add around it what the site needs. */`,
    `export default function ${component.name}Wrapper(props: ${component.props}) {`,
    `  return (`,
    `    <>`,
    `      <Original${component.name} {...props} />`,
    `    </>`,
    `  );`,
    `}`,
    '',
  ].join('\n');
}
