import type { CompiledMarkdown, StoredContent } from '@docgen/types';
import { compileMarkdown, docgenPipeline, type CompileOptions, type CompileResult, type MarkdownPipeline } from './compileMarkdown.js';
import { createPackWriter, type CompileTask } from './store.js';

/**
 * Compiles bodies and stores their content (hast), excerpt and search sections in one pack of
 * `dir`, returning what the manifest needs and where each part is. Runs in whichever thread
 * compiles; the content is read back by the thread that renders.
 */
export function compileToStore(
  dir: string,
  tasks: readonly CompileTask[],
  pipeline: MarkdownPipeline = docgenPipeline,
  mdxRunnerOf?: (task: CompileTask) => CompileOptions['mdxRunner'],
): CompiledMarkdown[] {
  const writer = createPackWriter(dir);
  const results = tasks.map((task): CompiledMarkdown => {
    const { hast, excerpt, title, meta, sections } = compileTask(task, pipeline, task.mdx ? mdxRunnerOf?.(task) : undefined);
    // JSON: V8 parses it about twice as fast as it deserialises the same tree from v8.serialize.
    const stored: StoredContent = {
      main: writer.add(JSON.stringify(hast)),
      excerpt: excerpt ? writer.add(JSON.stringify(excerpt)) : undefined,
      title: title ? writer.add(JSON.stringify(title)) : undefined,
      // Only a search index being written needs them.
      sections: writer.add(JSON.stringify(sections)),
    };
    return { key: task.key, ...meta, stored };
  });
  writer.write();
  return results;
}

/**
 * Compiles a markdown body as compileToStore does (its stored parts serialised too), keeping
 * nothing: a thread with nothing to do runs the pipeline's code on the site's own pages, which V8
 * then has compiled when a page is waited for (see TaskRunner.prepareCompile).
 */
export function compileUnkept(task: CompileTask, pipeline: MarkdownPipeline): void {
  const { hast, sections } = compileTask(task, pipeline, undefined);
  JSON.stringify(hast);
  JSON.stringify(sections);
}

/** Compiles one body; an error no one expected names the file that caused it (content errors are diagnostics). */
function compileTask(task: CompileTask, pipeline: MarkdownPipeline, mdxRunner: CompileOptions['mdxRunner']): CompileResult {
  try {
    return compileMarkdown(task.body, { sourcePath: task.sourcePath, bodyLine: task.bodyLine, mdx: task.mdx, mdxRunner }, pipeline);
  } catch (cause) {
    throw new Error(`Compiling ${task.sourcePath} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
