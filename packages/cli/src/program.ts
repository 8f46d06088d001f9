import { existsSync, readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import pc from 'picocolors';
import { relative } from 'node:path';
import { prestartBuildThread } from '@docgen/core/process';
import type { Debris, LockWait, TranslationsReport } from '@docgen/core';
import type { Diagnostic, WrittenManual } from '@docgen/types';
import { assertEmptyFolder, DEFAULT_TITLE, DEFAULT_URL, InitError, writeStarterSite, type StarterSite } from './init.js';
import { findInstallSource, getDependencySpec } from './installSource.js';
import { askStarterOptions, splitList, type StarterAnswers } from './initQuestions.js';
import { toGithubAnnotation } from './annotations.js';
import { createProgressLine } from './progress.js';
import { createRebuildWarnings } from './rebuildWarnings.js';
import { formatOtherPlaces, groupWarnings } from './warningGroups.js';

/**
 * Exit codes are part of the CLI contract (docgen's manual: CLI reference, exit codes): problems found (check-links, a build's warnings over --strict or --max-warnings),
 * content, config or usage errors, docgen's own bugs, the environment (a full disk, a read-only or
 * forbidden folder, too many open files), and interrupted by SIGINT or SIGTERM.
 */
export const EXIT = { ok: 0, problems: 1, usage: 2, crash: 3, environment: 4, interrupted: 130, terminated: 143 } as const;

export interface ProgramIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colours and progress only on a terminal, never in CI. */
  color: boolean;
  /** Where `docgen init` reads answers when it asks (only on a terminal, never in CI). */
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Whether a build shows its progress on one updating line of stderr (a terminal, not CI). */
  progress?: boolean;
  /**
   * In GitHub Actions: every warning and error is also printed as a workflow command, its file
   * relative to `workspace` (the repository root).
   */
  githubActions?: { workspace: string };
}

const defaultIO = (): ProgramIO => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: Boolean(process.stdout.isTTY) && !process.env.CI && !process.env.NO_COLOR,
  input: process.stdin,
  progress: Boolean(process.stderr.isTTY) && !process.env.CI,
  githubActions: process.env.GITHUB_ACTIONS === 'true' ? { workspace: process.env.GITHUB_WORKSPACE || process.cwd() } : undefined,
});

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('Give a port number between 0 and 65535.');
  return port;
}

interface ServeOptions {
  watch?: boolean;
  outDir: string;
  port: number;
  host: string;
  locale?: string[];
  editorUrl?: string;
}

/** An editor link template (`--editor-url`, DOCGEN_EDITOR_URL): it must place the file. */
function parseEditorUrl(value: string): string {
  if (!value.includes('{path}')) {
    throw new InvalidArgumentError('Give a URL template with {path} (and {line}, {column}), e.g. vscode://file{path}:{line}:{column}');
  }
  return value;
}

/** DOCGEN_EDITOR_URL, when set: an editor link template, like `--editor-url`. */
function readEditorUrlVariable(DocgenError: typeof import('@docgen/core').DocgenError): string | undefined {
  const value = process.env.DOCGEN_EDITOR_URL;
  if (!value) return undefined;
  if (!value.includes('{path}')) {
    throw new DocgenError(`DOCGEN_EDITOR_URL has no {path}: ${value}`, {
      code: 'usage',
      hint: 'Set it to a URL template with {path} (and {line}, {column}), e.g. vscode://file{path}:{line}:{column}',
    });
  }
  return value;
}

function parseThreads(value: string): number {
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new InvalidArgumentError('Give a number of threads from 1 to 64.');
  return threads;
}

/** The warnings a command reports: those only a strict build reports (Diagnostic.strictOnly) left out unless `strict`. */
function getReportedWarnings(diagnostics: Diagnostic[], strict = false): Diagnostic[] {
  return strict ? diagnostics : diagnostics.filter((diagnostic) => !diagnostic.strictOnly);
}

interface BuildOptions {
  outDir: string;
  locale?: string[];
  threads?: number;
  cache: boolean;
  verbose?: boolean;
  strict?: boolean;
  maxWarnings?: number;
  format: 'text' | 'json';
}

type TranslationState = 'outdated' | 'missing';

/** `--fail-on outdated,missing`: the states that fail `docgen translations`. */
function parseFailOn(value: string): TranslationState[] {
  const states = splitList(value);
  for (const state of states) {
    if (state !== 'outdated' && state !== 'missing')
      throw new InvalidArgumentError('Give outdated, missing, or both: --fail-on outdated,missing');
  }
  return states as TranslationState[];
}

/** `docgen translations` as text: per locale, a line per section, then the outdated pages with the source's changes, then the missing ones. */
function formatTranslations(report: TranslationsReport, colors: Colors): string {
  const lines: string[] = [];
  const locales = [...new Set(report.pages.map((page) => page.locale))];
  if (locales.length === 0) return 'No page has a translation to check: the site has one locale, or no docs, posts or pages.\n';
  for (const locale of locales) {
    lines.push(colors.bold(locale));
    for (const summary of report.summaries.filter((candidate) => candidate.locale === locale)) {
      const name = summary.docs
        ? `${summary.docs.instance === 'default' ? 'docs' : summary.docs.instance} ${summary.docs.label}`
        : summary.section;
      const counts = [`${summary.translated} translated`];
      if (summary.outdated > 0) counts.push(colors.yellow(`${summary.outdated} outdated`));
      if (summary.missing > 0) counts.push(colors.red(`${summary.missing} missing`));
      lines.push(`  ${name.padEnd(16)} ${counts.join(', ')}`);
    }
    const pages = report.pages.filter((page) => page.locale === locale);
    for (const page of pages.filter((candidate) => candidate.status === 'outdated')) {
      const since = page.translatedAt ? ` since ${page.translatedAt.slice(0, 10)}` : '';
      lines.push(`  ${colors.yellow('outdated')} ${page.path}  ${colors.dim(`${page.sourceFile} changed${since}:`)}`);
      for (const change of page.sourceChanges ?? []) {
        lines.push(colors.dim(`    ${change.hash.slice(0, 10)} ${change.date.slice(0, 10)} ${change.subject}`));
      }
    }
    for (const page of pages.filter((candidate) => candidate.status === 'missing')) {
      lines.push(`  ${colors.red('missing')}  ${page.path}  ${colors.dim(`(${page.sourceFile})`)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A PDF manual as written: its file (relative to the working folder), pages, size and time. */
function formatManualLine(manual: WrittenManual, colors: Colors): string {
  const size = `${manual.pages} pages, ${(manual.bytes / 1024 / 1024).toFixed(1)} MB, ${(manual.milliseconds / 1000).toFixed(1)} s`;
  return `${colors.green('✔')} ${relative(process.cwd(), manual.file) || manual.file}  ${colors.dim(size)}\n`;
}

interface PdfCommandOptions {
  version?: string;
  locale?: string;
  out?: string;
  outDir: string;
  cache: boolean;
  verbose?: boolean;
  format: 'text' | 'json';
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(count))
    throw new InvalidArgumentError('Give a whole number, e.g. --max-warnings 0');
  return count;
}

/** A build with warnings fails with --strict, or with more than --max-warnings of them; its output is written all the same. */
function getWarningsExitCode(warnings: number, options: Pick<BuildOptions, 'strict' | 'maxWarnings'>): number {
  const allowed = options.strict ? 0 : (options.maxWarnings ?? Number.POSITIVE_INFINITY);
  return warnings > allowed ? EXIT.problems : EXIT.ok;
}

function formatWarningsFailure(warnings: number, options: Pick<BuildOptions, 'strict' | 'maxWarnings'>): string {
  const limit = options.strict ? '--strict allows none' : `--max-warnings allows ${options.maxWarnings}`;
  return `Failed: ${warnings} warning${warnings === 1 ? '' : 's'}, and ${limit} (the site was written all the same).`;
}

function parseLocales(value: string, previous: string[] | undefined): string[] {
  const locales = value
    .split(',')
    .map((locale) => locale.trim())
    .filter(Boolean);
  if (locales.length === 0) throw new InvalidArgumentError('Give a locale name, e.g. --locale en');
  return [...(previous ?? []), ...locales];
}

/**
 * The docgen command-line program. Actions load the core lazily so `--help` stays instant.
 * `run` resolves with the exit code instead of exiting, so tests can drive it in-process.
 */
export function createProgram(io: ProgramIO = defaultIO()) {
  let exitCode: number = EXIT.ok;
  const colors = pc.createColors(io.color);
  // The site of the command running: diagnostics' files are relative to it.
  let siteRoot = process.cwd();
  const report = (diagnostics: Diagnostic[], severity?: 'error') => {
    const shown = severity ? diagnostics.map((diagnostic) => ({ ...diagnostic, severity })) : diagnostics;
    for (const diagnostic of shown) io.stderr(formatDiagnosticLine(diagnostic, colors));
    if (io.githubActions) for (const diagnostic of shown) io.stdout(toGithubAnnotation(diagnostic, siteRoot, io.githubActions.workspace));
  };
  /**
   * Warnings after a command: one of each message, with its other places under it (all of them
   * with `verbose`); those only a strict build reports (see Diagnostic.strictOnly) left out unless
   * `strict`. Returns the warnings reported.
   */
  const reportDiagnostics = (diagnostics: Diagnostic[], { verbose = false, strict = false } = {}): Diagnostic[] => {
    const reported = getReportedWarnings(diagnostics, strict);
    const groups = groupWarnings(reported);
    for (const { first, others } of groups) io.stderr(formatDiagnosticLine(first, colors) + formatOtherPlaces(others, verbose));
    if (io.githubActions)
      for (const diagnostic of reported) io.stdout(toGithubAnnotation(diagnostic, siteRoot, io.githubActions.workspace));
    if (reported.length === 0) return reported;
    const distinct = groups.length < reported.length ? ` (${groups.length} distinct)` : '';
    io.stderr(colors.yellow(`${reported.length} warning${reported.length === 1 ? '' : 's'}${distinct}\n`));
    return reported;
  };
  const program = new Command('docgen');
  const version = readVersion();
  // The long options of the command running: the hint of an environment error names only those.
  let commandOptions: string[] = [];
  program.hook('preAction', (_program, command) => {
    commandOptions = command.options.flatMap((option) => option.long ?? []);
  });
  program
    .description('Static documentation sites from markdown: versioned, multilingual, fast.')
    .version(version, '-v, --version', 'print the docgen version')
    .option('--debug', 'print the stack trace of an error')
    .showHelpAfterError()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      // One line: commander puts its "(Did you mean build?)" on a line of its own. What a
      // Docusaurus user types gets docgen's way under it.
      outputError: (text, write) => write(withDocusaurusHint(text.replace(/\n\(Did you mean (.*)\?\)\n/, ' (did you mean $1?)\n'))),
    })
    .exitOverride();

  program
    .command('init')
    .description('create a new site, ready to build, in a new or empty folder')
    .argument('[dir]', 'folder to create the site in', '.')
    .option('--title <title>', `title of the site (default: "${DEFAULT_TITLE}")`)
    .option('--url <url>', `origin the site will be deployed at (default: ${DEFAULT_URL})`)
    .option('--locales <locales>', 'comma-separated locales, the default one first (default: en)', splitList)
    .option('--no-blog', 'leave the blog out')
    .action(async (dir: string, options: { title?: string; url?: string; locales?: string[]; blog: boolean }, command: Command) => {
      const { relative, resolve } = await import('node:path');
      const { assertWritableFolder, DocgenError } = await import('@docgen/core');
      const source = findInstallSource(version);
      const flagged =
        [options.title, options.url, options.locales].some((value) => value !== undefined) ||
        command.getOptionValueSource('blog') === 'cli';
      let site: StarterSite;
      try {
        // Refused before any question: a user should not answer them for nothing.
        assertWritableFolder(resolve(dir), 'Give a new or empty folder in a place this user can write in, e.g. docgen init my-docs');
        assertEmptyFolder(resolve(dir));
        let answers: StarterAnswers = {
          title: options.title ?? DEFAULT_TITLE,
          url: options.url ?? DEFAULT_URL,
          locales: options.locales ?? ['en'],
          blog: options.blog,
        };
        if (!flagged && io.input?.isTTY && !process.env.CI) {
          io.stdout(`A new docgen site in ${resolve(dir)}. Enter takes the answer in parentheses.\n`);
          answers = await askStarterOptions(io.input, { write: (text: string) => (io.stdout(text), true) } as NodeJS.WritableStream);
        }
        site = writeStarterSite({ dir, ...answers, docgenVersion: getDependencySpec(source, version, resolve(dir)) });
      } catch (error) {
        if (error instanceof InitError) throw new DocgenError(error.message, { code: 'usage', hint: error.hint });
        throw error;
      }
      io.stdout(`${colors.green('✔')} Created a docgen site in ${site.dir} (${site.files.length} files)\n\nNext:\n`);
      if (source.kind === 'checkout' && !existsSync(source.tarball)) {
        // Run from a checkout: the site installs docgen from the release file, built once.
        io.stdout(`  (cd ${source.repository} && pnpm release)   ${colors.dim(`# writes ${source.tarball}`)}\n`);
      }
      const where = relative(process.cwd(), site.dir);
      if (where) io.stdout(`  cd ${where}\n`);
      io.stdout(`  npm install\n  npm run dev      ${colors.dim('# serves the site at http://127.0.0.1:3000/ and rebuilds on save')}\n`);
      io.stdout(`  npm run build    ${colors.dim('# writes the static site into build/')}\n`);
      for (const note of site.notes) io.stdout(`\n${colors.yellow('note')} ${note}\n`);
    });

  program
    .command('build')
    .description('build the site into static files')
    .argument('[siteDir]', 'site folder', '.')
    .option('--out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('--locale <locale>', 'build only this locale (repeat or comma-separate for several)', parseLocales)
    .option('--threads <n>', 'threads that compile and render (default: one per core, one per 300 pages of a smaller site)', parseThreads)
    .option('--no-cache', 'ignore the build cache and do not update it (a clean build)')
    .option('--verbose', 'print the time of each stage, and every place of a repeated warning')
    .option('--strict', 'report front matter keys docgen does not read too, and fail (exit code 1) on any warning')
    .option('--max-warnings <n>', 'fail (exit code 1) when the build has more than n warnings', parseCount)
    .addOption(
      program
        .createOption('--format <format>', 'output format: json prints the result and every warning on stdout')
        .choices(['text', 'json'])
        .default('text'),
    )
    .action(async (siteDir: string, options: BuildOptions) => {
      // Its first thread loads its modules while this one loads the build's (see prestartBuildThread).
      prestartBuildThread(siteDir, options);
      const { build, exitProcess } = await import('@docgen/core');
      const { resolve } = await import('node:path');
      siteRoot = resolve(siteDir);
      const start = performance.now();
      const interrupts = handleInterrupts(io, colors, exitProcess, () => 'the output folder is as it was before this build.');
      const progress = io.progress ? createProgressLine(io.stderr) : undefined;
      // What --verbose prints: on stderr when stdout is the JSON report.
      const verbose = (line: string) => (progress?.clear(), (options.format === 'json' ? io.stderr : io.stdout)(colors.dim(`  ${line}\n`)));
      const building = build({
        siteDir,
        outDir: options.outDir,
        locales: options.locale,
        threads: options.threads,
        cache: options.cache,
        onWait: (wait) => (progress?.clear(), io.stderr(formatLockWait(wait, colors))),
        onStage: options.verbose ? (stage, ms) => verbose(`${stage.padEnd(8)} ${ms.toFixed(0)} ms`) : undefined,
        onTextEditNotTaken: options.verbose ? (reason) => verbose(`the whole build runs: ${reason}`) : undefined,
        onProgress: progress?.update,
        onTemporary: interrupts.add,
        // pdf.build: a line per manual, as docgen pdf prints it.
        manuals: (manual) => (progress?.clear(), (options.format === 'json' ? io.stderr : io.stdout)(formatManualLine(manual, colors))),
      });
      const result = await interrupts.during(building).finally(() => progress?.clear());
      const seconds = ((performance.now() - start) / 1000).toFixed(2);
      if (options.format === 'json') {
        const warnings = getReportedWarnings(result.diagnostics, options.strict);
        io.stdout(
          `${JSON.stringify({ pages: result.pageCount, rendered: result.renderedCount, outDir: result.outDir, seconds: Number(seconds), warnings: result.diagnostics }, null, 2)}\n`,
        );
        exitCode = getWarningsExitCode(warnings.length, options);
        return;
      }
      const warnings = reportDiagnostics(result.diagnostics, options);
      const rendered =
        result.renderedCount === result.pageCount
          ? ''
          : result.renderedCount === 0
            ? ' (nothing changed since the last build)'
            : ` (${result.renderedCount} rendered, the others unchanged)`;
      io.stdout(`${colors.green('✔')} Built ${result.pageCount} pages${rendered} into ${result.outDir} in ${seconds} s\n`);
      io.stdout(colors.dim(`${getNextStepHint(siteDir, options.outDir)}\n`));
      exitCode = getWarningsExitCode(warnings.length, options);
      if (exitCode !== EXIT.ok) io.stderr(colors.red(`${formatWarningsFailure(warnings.length, options)}\n`));
    });

  program
    .command('pdf')
    .description('build the site, then write a PDF manual per docs version and locale (cover, contents, bookmarks, links)')
    .argument('[siteDir]', 'site folder', '.')
    .option('--version <name>', 'only this docs version, by name or label (default: pdf.versions of the config, else all)')
    .option('--locale <code>', 'only this locale (default: pdf.locales of the config, else all)')
    .option('--out <dir>', 'folder of the PDFs (default: pdf/ of the output folder)')
    .option('--out-dir <dir>', 'output folder of the build, relative to the site folder', 'build')
    .option('--no-cache', 'ignore the build cache and do not update it (a clean build)')
    .option('--verbose', 'print the time of each stage of the build')
    .addOption(
      program
        .createOption('--format <format>', 'output format: json prints each manual and every warning on stdout')
        .choices(['text', 'json'])
        .default('text'),
    )
    .action(async (siteDir: string, options: PdfCommandOptions) => {
      const { writeManuals } = await import('@docgen/core');
      const { resolve } = await import('node:path');
      siteRoot = resolve(siteDir);
      const start = performance.now();
      const progress = options.format === 'json' ? io.stderr : io.stdout;
      const result = await writeManuals({
        siteDir,
        outDir: options.outDir,
        pdfDir: options.out,
        version: options.version,
        locale: options.locale,
        cache: options.cache,
        onWait: (wait) => io.stderr(formatLockWait(wait, colors)),
        onStage: options.verbose ? (stage, ms) => progress(colors.dim(`  ${stage.padEnd(8)} ${ms.toFixed(0)} ms\n`)) : undefined,
        onManual: (manual) => progress(formatManualLine(manual, colors)),
      });
      const seconds = ((performance.now() - start) / 1000).toFixed(2);
      if (options.format === 'json') {
        io.stdout(`${JSON.stringify({ manuals: result.manuals, seconds: Number(seconds), warnings: result.diagnostics }, null, 2)}\n`);
        return;
      }
      reportDiagnostics(result.diagnostics, options);
      io.stdout(
        `${colors.green('✔')} Wrote ${result.manuals.length} PDF manual${result.manuals.length === 1 ? '' : 's'} in ${seconds} s\n`,
      );
    });

  program
    .command('translations')
    .description('how each page of the other locales is translated: translated, missing, or outdated (its source changed since, from git)')
    .argument('[siteDir]', 'site folder', '.')
    .option('--locale <code>', 'only this locale (default: every locale but the default one)')
    .addOption(
      program
        .createOption('--fail-on <states>', 'exit with code 1 when a page is in one of these states (comma-separated)')
        .argParser((value: string) => parseFailOn(value)),
    )
    .addOption(program.createOption('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (siteDir: string, options: { locale?: string; failOn?: TranslationState[]; format: 'text' | 'json' }) => {
      const { readTranslations } = await import('@docgen/core');
      const { resolve } = await import('node:path');
      siteRoot = resolve(siteDir);
      const report = await readTranslations({ siteDir, locale: options.locale, onWait: (wait) => io.stderr(formatLockWait(wait, colors)) });
      reportDiagnostics(report.diagnostics);
      if (options.format === 'json') {
        const { diagnostics, ...rest } = report;
        io.stdout(`${JSON.stringify({ ...rest, warnings: diagnostics }, null, 2)}\n`);
      } else {
        io.stdout(formatTranslations(report, colors));
      }
      const failing = report.pages.filter((page) => (options.failOn as string[] | undefined)?.includes(page.status));
      if (failing.length > 0) {
        exitCode = EXIT.problems;
        io.stderr(
          colors.red(`${failing.length} page${failing.length === 1 ? ' is' : 's are'} ${options.failOn!.join(' or ')} (--fail-on)\n`),
        );
      }
    });

  program
    .command('clear')
    .description("delete the site's build cache (compiled content, bundles, the record of the last build)")
    .argument('[siteDir]', 'site folder', '.')
    .action(async (siteDir: string) => {
      const { clearCache } = await import('@docgen/core');
      const cleared = await clearCache(siteDir, (wait) => io.stderr(formatLockWait(wait, colors)));
      reportDebris(cleared.debris, io, colors);
      if (cleared.deleted) io.stdout(`${colors.green('✔')} Deleted ${cleared.cacheDir}\n`);
      else if (cleared.kept.length === 0) io.stdout('There was no cache to delete.\n');
      if (cleared.kept.length > 0) {
        io.stdout(`Kept what running docgen processes use (serve --watch):\n${cleared.kept.map((path) => `  ${path}\n`).join('')}`);
      }
    });

  program
    .command('serve')
    .description('serve the site over HTTP; with --watch, build it and rebuild on every change')
    .argument('[siteDir]', 'site folder', '.')
    .option('--watch', 'build the site (drafts included), rebuild on changes and reload open pages')
    .option('--out-dir <dir>', 'without --watch: folder of the built site, relative to the site folder', 'build')
    .option('--port <port>', 'port to listen on (the next free one when it is busy)', parsePort, 3000)
    .option('--host <host>', 'address to listen on; 0.0.0.0 exposes the server to the network', '127.0.0.1')
    .option('--locale <locale>', 'with --watch: build only this locale', parseLocales)
    .option(
      '--editor-url <template>',
      'with --watch: the link of a file in the error overlay, with {path}, {line}, {column} (default: $DOCGEN_EDITOR_URL, or vscode://file{path}:{line}:{column})',
      parseEditorUrl,
    )
    .action(async (siteDir: string, options: ServeOptions) => {
      const { resolve } = await import('node:path');
      const { startStaticServer, startDevServer, readConfig, DocgenError } = await import('@docgen/core');
      siteRoot = resolve(siteDir);
      let server: { url: string; close(): Promise<void> };
      if (options.watch) {
        io.stdout(colors.dim('Building the site...\n'));
        const rebuildWarnings = createRebuildWarnings();
        server = await startDevServer({
          siteDir,
          host: options.host,
          port: options.port,
          locales: options.locale,
          editorUrl: options.editorUrl ?? readEditorUrlVariable(DocgenError),
          onEvent(event) {
            switch (event.type) {
              case 'built': {
                const what = event.changed.length > 0 ? ` after changes to ${event.changed.join(', ')}` : '';
                io.stdout(
                  `${colors.green('✔')} Built ${event.pages} pages (${event.rendered} rendered) in ${event.milliseconds.toFixed(0)} ms${what}\n`,
                );
                // What only a strict build reports is left out while writing, as in a plain build.
                const warnings = getReportedWarnings(event.warnings, false);
                const { fresh, unchanged } = rebuildWarnings.next(warnings);
                report(fresh);
                if (warnings.length > 0) {
                  const plural = (count: number) => `${count} warning${count === 1 ? '' : 's'}`;
                  io.stderr(
                    colors.yellow(
                      unchanged === 0
                        ? `${plural(fresh.length)}\n`
                        : `${plural(warnings.length)}: ${fresh.length} new, ${unchanged} unchanged since the last build (not shown again)\n`,
                    ),
                  );
                }
                break;
              }
              case 'searched':
                io.stdout(colors.dim(`  Search indexes written ${event.milliseconds.toFixed(0)} ms later\n`));
                break;
              case 'failed':
                report(event.diagnostics, 'error');
                io.stderr(colors.yellow('The last good output is still served. Fix the error and save.\n'));
                break;
              case 'port-changed':
                io.stdout(colors.yellow(`Port ${event.requested} is in use; using port ${event.port} instead.\n`));
                break;
            }
          },
        });
      } else {
        const root = resolve(siteDir, options.outDir);
        if (!existsSync(root)) {
          throw new DocgenError(`No built site in ${root}`, {
            code: 'usage',
            hint: `Run docgen build ${siteDir} first, or use docgen serve --watch.`,
          });
        }
        // Served under the site's baseUrl, as its pages' URLs name their files.
        const { baseUrl } = readConfig(resolve(siteDir));
        server = await startStaticServer({ root, host: options.host, port: options.port, baseUrl, tryNextPort: true });
        if (!server.url.includes(`:${options.port}/`) && options.port !== 0) {
          io.stdout(colors.yellow(`Port ${options.port} is in use; using ${server.url} instead.\n`));
        }
      }
      // Listening for Ctrl-C before saying where it serves: whoever reads that line may stop it at once.
      const stopped = new Promise<void>((done) => {
        const stop = () => {
          void server.close().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      io.stdout(
        `${colors.green('✔')} Serving at ${colors.cyan(server.url)}${options.watch ? ' (watching for changes)' : ''}  Press Ctrl-C to stop.\n`,
      );
      await stopped;
    });

  const versionCommand = program.command('version').description('manage docs versions');
  versionCommand
    .command('cut')
    .description('freeze the current docs as version <name> and make it the latest version, served at the docs root')
    .argument('<name>', 'name of the new version, e.g. 2511.1 (letters, digits, ".", "-", "_")')
    .argument('[siteDir]', 'site folder', '.')
    .option('--docs <id>', 'the docs instance to cut (an id of docsInstances); the docs of "docs" when absent')
    .action(async (name: string, siteDir: string, options: { docs?: string }) => {
      const { cutVersion, exitProcess } = await import('@docgen/core');
      const { resolve } = await import('node:path');
      siteRoot = resolve(siteDir);
      const interrupts = handleInterrupts(io, colors, exitProcess, (failures) => describeInterruptedCut(name, failures));
      const result = await interrupts.during(
        cutVersion({
          siteDir,
          name,
          ...(options.docs !== undefined && { docs: options.docs }),
          onWait: (wait) => io.stderr(formatLockWait(wait, colors)),
          onTemporary: interrupts.add,
        }),
      );
      const { latest, previous } = result;
      io.stdout(`${colors.green('✔')} Cut version ${colors.bold(name)} in ${result.siteDir}\n`);
      for (const path of result.created) io.stdout(`  ${colors.green('created')} ${path}\n`);
      for (const path of result.updated) io.stdout(`  ${colors.yellow('updated')} ${path}\n`);
      reportDiagnostics(result.warnings);
      io.stdout(`${name} is now the latest version, at ${colors.cyan(latest.path)}\n`);
      if (previous) {
        const was = previous.name === 'current' ? `${previous.formerLabel} (the current docs)` : previous.formerLabel;
        const relabelled = previous.label === previous.formerLabel ? '' : `, labelled "${previous.label}"`;
        io.stdout(
          `The previous latest version ${was} moved from ${previous.formerPath} to ${colors.cyan(previous.path)}${relabelled}, banner ${previous.banner}\n`,
        );
      }
      const { added, removed, retargeted } = result.redirects;
      if (added.length > 0) {
        io.stdout(
          `Redirects added to docgen.config.yaml for pages that ${name} no longer has (their old URLs lead to ${previous?.name ?? 'their version'}):\n`,
        );
        for (const redirect of added) io.stdout(`  ${redirect.from} ${colors.dim('→')} ${redirect.to}\n`);
      }
      for (const redirect of retargeted) {
        io.stdout(`Redirect from ${redirect.from} now leads to ${redirect.to} (was ${redirect.formerTo}, a page the cut moved)\n`);
      }
      for (const redirect of removed) {
        io.stdout(`Redirect from ${redirect.from} removed: ${name} has a page at that URL again\n`);
      }
    });

  program
    .command('check-links')
    .description('check every internal link and anchor of the site (exit code 1 when one is broken)')
    .argument('[siteDir]', 'site folder', '.')
    .addOption(program.createOption('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (siteDir: string, options: { format: 'text' | 'json' }) => {
      const { checkLinks, loadSite } = await import('@docgen/core');
      const { resolve } = await import('node:path');
      siteRoot = resolve(siteDir);
      const { manifest, content } = await loadSite({ siteDir, onWait: (wait) => io.stderr(formatLockWait(wait, colors)) });
      // Files the symlink rule skipped, as build reports them: the links are checked against what is left.
      reportDiagnostics(content.diagnostics);
      const problems = checkLinks(manifest);
      if (options.format === 'json') {
        io.stdout(`${JSON.stringify(toLinkReport(problems), null, 2)}\n`);
      } else {
        const pages = manifest.locales.reduce((count, locale) => count + locale.routes.length, 0);
        io.stdout(formatLinkReport(problems, pages, colors));
      }
      if (problems.length > 0) exitCode = EXIT.problems;
    });

  program
    .command('migrate')
    .description('convert a site from another generator into a docgen site')
    .command('docusaurus')
    .description('convert a Docusaurus 2 or 3 site into a docgen site in a new folder, with MIGRATION.md listing what was not converted')
    .argument('<from>', 'the Docusaurus site folder (migrate writes nothing there; what its config changes is reported)')
    .argument('[to]', 'new or empty folder for the docgen site (default: <from>-docgen)')
    .action(async (from: string, to: string | undefined) => {
      const { migrateDocusaurus } = await import('@docgen/core');
      // The new site's package.json names this docgen, as docgen init's does.
      const source = findInstallSource(version);
      const result = await migrateDocusaurus({ from, to, docgenVersion: (siteDir) => getDependencySpec(source, version, siteDir) });
      io.stdout(result.report);
      if (result.sourceChanges.length > 0) {
        // Said on stderr too: the report may go unread, and the site's code changed the user's files.
        io.stderr(
          colors.yellow(
            `warning: running the Docusaurus config changed ${result.sourceChanges.length} file${result.sourceChanges.length === 1 ? '' : 's'} of ${result.from} (see MIGRATION.md)\n`,
          ),
        );
      }
      const count = (number: number, what: string) => `${number} ${what}${number === 1 ? '' : 's'}`;
      const errors = result.problems.filter((problem) => problem.severity === 'error');
      // The files an error stops (a page, the config, a stylesheet): the build stops until each is fixed.
      const stopped = new Set(errors.map((problem) => problem.location?.file ?? 'the site'));
      const found = [
        `${count(result.notes.length, 'thing')} not converted`,
        ...(result.problems.length > 0
          ? [`${count(errors.length, 'error')} and ${count(result.problems.length - errors.length, 'warning')} in the migrated pages`]
          : []),
        ...(result.packages.length > 0 ? [`${count(result.packages.length, 'package')} the components import to install or port`] : []),
      ];
      const builds =
        stopped.size === 0
          ? 'docgen build builds it'
          : `docgen build stops at ${count(stopped.size, 'file')} until ${stopped.size === 1 ? 'it is' : 'they are'} fixed`;
      io.stdout(
        `\n${colors.green('✔')} Wrote a docgen site of ${result.written.length} files to ${result.to} (${found.join(', ')}; ${builds}: see MIGRATION.md)\n\nNext:\n`,
      );
      // As after docgen init: the site installs docgen (and its components' packages) from its package.json.
      if (source.kind === 'checkout' && !existsSync(source.tarball)) {
        io.stdout(`  (cd ${source.repository} && pnpm release)   ${colors.dim(`# writes ${source.tarball}`)}\n`);
      }
      const { relative } = await import('node:path');
      const where = relative(process.cwd(), result.to);
      if (where) io.stdout(`  cd ${where}\n`);
      io.stdout(`  npm install\n  npm run dev      ${colors.dim('# serves the site at http://127.0.0.1:3000/ and rebuilds on save')}\n`);
    });

  program
    .command('swizzle')
    .description("make a component of the theme the site's own: copy it (--eject) or wrap it (--wrap) in src/theme/<Name>.tsx")
    .argument('[name]', 'the component, as docgen swizzle --list names it')
    .argument('[siteDir]', 'site folder', '.')
    .option('--eject', "copy the theme's source of the component into the site, to change")
    .option('--wrap', "write a component that renders the theme's original (@theme-original/<Name>), to add around it")
    .option('--list', 'list the components a site can override, with their props types')
    .action(async (name: string | undefined, siteDir: string, options: { eject?: boolean; wrap?: boolean; list?: boolean }) => {
      const { DocgenError, listSwizzleComponents, swizzle } = await import('@docgen/core');
      if (options.list) {
        // With --list the one argument given is the site folder.
        const components = listSwizzleComponents(name ?? siteDir);
        const width = Math.max(...components.map((component) => component.name.length));
        io.stdout(`Components a site overrides with src/theme/<Name>.tsx (props types from @docgen/site-theme/props):\n`);
        for (const component of components) io.stdout(`  ${component.name.padEnd(width)}  ${colors.dim(component.props)}\n`);
        return;
      }
      if (!name) {
        throw new DocgenError('Name the component to swizzle', {
          code: 'usage',
          hint: 'docgen swizzle --list lists them; then docgen swizzle <Name> --wrap (or --eject).',
        });
      }
      if (Boolean(options.eject) === Boolean(options.wrap)) {
        throw new DocgenError(`Choose one of --eject and --wrap to swizzle ${name}`, {
          code: 'usage',
          hint: `--wrap keeps the theme's ${name} and adds around it (safer across updates); --eject copies its source to change.`,
        });
      }
      const written = swizzle({ siteDir, name, mode: options.eject ? 'eject' : 'wrap' });
      io.stdout(`${colors.green('✔')} Wrote ${written}: it replaces the theme's ${name} in every page\n`);
    });

  program
    .command('config-schema')
    .description('print the JSON Schema of docgen.config.yaml (for editor completion)')
    .action(async () => {
      const { getConfigJsonSchema } = await import('@docgen/core');
      io.stdout(`${JSON.stringify(getConfigJsonSchema(), null, 2)}\n`);
    });

  // An unknown command or option of docgen itself: its one line, and where the commands are listed
  // (each command's own errors are followed by its usage, set above and inherited).
  program.showHelpAfterError('Run docgen --help to see the commands.');
  // docgen's own options (-v, --version) are read before the command only, so that a command may
  // have a --version of its own (pdf); --debug is every command's too.
  program.enablePositionalOptions();
  let debugCommand = false;
  const addDebug = (command: Command) => {
    if (command.commands.length > 0) command.commands.forEach(addDebug);
    else command.option('--debug', 'print the stack trace of an error');
  };
  program.commands.forEach(addDebug);
  program.hook('preAction', (_program, action) => {
    debugCommand = Boolean(action.opts<{ debug?: boolean }>().debug);
  });

  return {
    program,
    async run(argv: string[]): Promise<number> {
      try {
        await program.parseAsync(argv, { from: 'user' });
      } catch (error) {
        const debug = Boolean(program.opts<{ debug?: boolean }>().debug || debugCommand || process.env.DOCGEN_DEBUG);
        // The core is loaded once an action ran; an error before that is never the environment's.
        const core = error instanceof CommanderError ? undefined : await import('@docgen/core').catch(() => undefined);
        exitCode = handleError(error, io, colors, { debug, environment: core?.getEnvironmentError(error, commandOptions), report });
        if (exitCode === EXIT.crash && io.githubActions) {
          io.stdout(
            toGithubAnnotation(
              { severity: 'error', code: 'internal', message: `docgen crashed: ${String((error as Error)?.message ?? error)}` },
              siteRoot,
              io.githubActions.workspace,
            ),
          );
        }
      }
      return exitCode;
    },
  };
}

type LinkProblem = import('@docgen/types').LinkProblem;

/** The machine-readable report of `check-links --format json`. */
function toLinkReport(problems: LinkProblem[]) {
  return {
    problems: problems.map(({ location, link, reason }) => ({
      file: location.file,
      line: location.line,
      column: location.column,
      link,
      reason,
    })),
    count: problems.length,
  };
}

/** `check-links` output: `file:line:col  link  reason` per problem, grouped by file, with counts. */
function formatLinkReport(problems: LinkProblem[], pageCount: number, colors: Colors): string {
  if (problems.length === 0) return `${colors.green('✔')} No problems found in the links and anchors of ${pageCount} pages.\n`;
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const byFile = new Map<string, LinkProblem[]>();
  for (const problem of problems) byFile.set(problem.location.file, [...(byFile.get(problem.location.file) ?? []), problem]);
  let text = '';
  for (const [file, fileProblems] of byFile) {
    text += `${colors.bold(file)} ${colors.dim(`(${plural(fileProblems.length, 'problem')})`)}\n`;
    for (const { location, link, reason } of fileProblems) {
      text += `  ${colors.cyan(`${location.file}:${location.line}:${location.column}`)}  ${link}  ${reason}\n`;
    }
    text += '\n';
  }
  return `${text}${colors.red('✖')} ${plural(problems.length, 'problem')} in ${plural(byFile.size, 'file')}\n`;
}

/**
 * Until the work given to `during` settles, SIGINT and SIGTERM end the process with 130 or 143 (as
 * a shell reports a command they ended) after running the cleanups added meanwhile, newest first,
 * each awaited: a build interrupted by Ctrl-C leaves no temporaries and no locks, and the last good
 * output stays as it was; a version cut is undone. Then `describe` says, from the errors of the
 * cleanups that failed, what the work left. Once interrupted, the work's own end (the error of its
 * stopped threads) is never reported: the process ends with the signal's code.
 */
function handleInterrupts(io: ProgramIO, colors: Colors, exit: (code: number) => never, describe: (failures: unknown[]) => string) {
  const cleanups = new Set<() => void | Promise<void>>();
  let interrupted = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    // A second Ctrl-C while the cleanups run does not cut them short.
    if (interrupted) return;
    interrupted = true;
    const failures: unknown[] = [];
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup();
      } catch (error) {
        // What cannot be undone now is undone by the next docgen command, once this process is gone.
        failures.push(error);
      }
    }
    io.stderr(colors.yellow(`Interrupted (${signal}): ${describe(failures)}\n`));
    // Core's exit: while a build task runs, process.exit throws (in case the site's code calls it).
    exit(signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated);
  };
  const listener = (signal: NodeJS.Signals) => void onSignal(signal);
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  const stop = () => {
    process.off('SIGINT', listener);
    process.off('SIGTERM', listener);
  };
  const never = new Promise<never>(() => {});
  return {
    add(cleanup: () => void | Promise<void>): () => void {
      cleanups.add(cleanup);
      return () => cleanups.delete(cleanup);
    },
    /** `work`, settled as it settles unless a signal came first (then never: the process exits). */
    during<T>(work: Promise<T>): Promise<T> {
      return work.then(
        (value) => (interrupted ? never : (stop(), value)),
        (error: unknown) => {
          if (interrupted) return never;
          stop();
          throw error;
        },
      );
    },
  };
}

/** What an interrupted `version cut` left: nothing, or what the next docgen command undoes (the failed undoing says). */
function describeInterruptedCut(name: string, failures: unknown[]): string {
  if (failures.length === 0) return `version ${name} was not cut; the site is as it was before.`;
  return `${failures.map((failure) => (failure instanceof Error ? failure.message : String(failure))).join('; ')}.`;
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

type Colors = ReturnType<typeof pc.createColors>;

/** Said once a command waits for another docgen process (a build into the same folder, a check of the same site). */
function formatLockWait(wait: LockWait, colors: Colors): string {
  const what = wait.kind === 'output' ? `writing ${wait.path}` : `using this site's cache (${wait.path})`;
  return colors.yellow(`Waiting for another docgen process (pid ${wait.owner.pid}: ${wait.owner.command}) to finish ${what}...\n`);
}

/** What `docgen clear` cleaned up after killed docgen processes. */
function reportDebris(debris: Debris, io: ProgramIO, colors: Colors): void {
  for (const cut of debris.cuts) {
    const undone = cut.leftovers.length === 0 ? 'undone' : `partly undone; restore by hand: ${cut.leftovers.join(', ')}`;
    io.stdout(`${colors.yellow('!')} A ${cut.what} that did not finish (process ${cut.pid}, no longer running) was ${undone}\n`);
  }
  if (debris.removed.length > 0) {
    io.stdout(`${colors.green('✔')} Removed what killed docgen processes left:\n${debris.removed.map((path) => `  ${path}\n`).join('')}`);
  }
}

export function formatDiagnosticLine(diagnostic: Diagnostic, colors: Colors): string {
  const where = diagnostic.location
    ? `${colors.cyan(`${diagnostic.location.file}:${diagnostic.location.line}:${diagnostic.location.column}`)}  `
    : '';
  const label = diagnostic.severity === 'error' ? colors.red('error') : colors.yellow('warning');
  const hint = diagnostic.hint ? `\n    ${colors.dim(`hint: ${diagnostic.hint}`)}` : '';
  return `${label} ${where}${diagnostic.message}${hint}\n`;
}

/** Docusaurus's commands and options (and habits) that docgen names otherwise: docgen's way. */
const DOCUSAURUS_HABITS: Record<string, string> = {
  "command 'start'": 'docgen serve --watch is the development server: it rebuilds on save and reloads the page.',
  "command 'docs:version'": 'docgen version cut <name> freezes the current docs as a version.',
  "command 'deploy'": "docgen build writes static files: publish the build folder with your host's own tool.",
  "command 'write-translations'":
    "docgen reads each locale's texts from files you write in i18n/<locale>/: site.yaml (navbar, footer and sidebar labels), theme.yaml (the theme's texts) and code.yaml (the <Translate> messages of your components); see \"Site folder layout\" in docgen's manual.",
  "option '--out'": '--out-dir <dir> names the output folder.',
  "option '--watch'": 'docgen serve --watch builds, watches and serves the site.',
};

/** Commander's error about an unknown command or option, with docgen's way of what a Docusaurus user typed. */
function withDocusaurusHint(text: string): string {
  const unknown = /^error: unknown (command '[^']+'|option '[^']+')/.exec(text);
  const hint = unknown ? DOCUSAURUS_HABITS[unknown[1]!] : undefined;
  if (!hint) return text;
  const [first, ...rest] = text.split('\n');
  return [first, `    hint: ${hint}`, ...rest].join('\n');
}

/** The line after a build: how to look at it, and how to check it. */
export function getNextStepHint(siteDir: string, outDir: string): string {
  const site = siteDir === '.' ? '' : ` ${quoteArgument(siteDir)}`;
  const out = outDir === 'build' ? '' : ` --out-dir ${quoteArgument(outDir)}`;
  return `Next: docgen serve${site}${out} to look at it, docgen check-links${site} to check its links.`;
}

function quoteArgument(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function handleError(
  error: unknown,
  io: ProgramIO,
  colors: Colors,
  {
    debug,
    environment,
    report,
  }: { debug: boolean; environment?: Diagnostic; report: (diagnostics: Diagnostic[], severity: 'error') => void },
): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const stack = () => {
    const cause = (error as { cause?: unknown })?.cause;
    if (debug)
      io.stderr(`${String((error as Error)?.stack ?? error)}\n${cause ? `cause: ${String((cause as Error).stack ?? cause)}\n` : ''}`);
  };
  if (environment) {
    report([environment], 'error');
    stack();
    return EXIT.environment;
  }
  const docgenError = error as { name?: string; diagnostics?: Diagnostic[]; cause?: unknown };
  if (docgenError?.name === 'DocgenError' && docgenError.diagnostics) {
    report(docgenError.diagnostics, 'error');
    stack();
    return EXIT.usage;
  }
  io.stderr(`${colors.red('docgen crashed:')} ${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.crash;
}
