import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '@docgen/types';

/**
 * A diagnostic as a GitHub Actions workflow command (`::warning file=...,line=...,col=...::message`,
 * `::error` for errors), so that a pull request shows it on the changed line. `siteDir` is where
 * the diagnostic's file is relative to; the annotation's file is relative to the repository root
 * (`workspace`: GITHUB_WORKSPACE, or the working folder).
 */
export function toGithubAnnotation(diagnostic: Diagnostic, siteDir: string, workspace: string): string {
  const properties: string[] = [];
  if (diagnostic.location) {
    const absolute = isAbsolute(diagnostic.location.file) ? diagnostic.location.file : resolve(siteDir, diagnostic.location.file);
    const file = relative(workspace, absolute).split(sep).join('/');
    properties.push(`file=${escapeProperty(file)}`, `line=${diagnostic.location.line}`, `col=${diagnostic.location.column}`);
  }
  properties.push('title=docgen');
  const message = diagnostic.hint ? `${diagnostic.message}\nhint: ${diagnostic.hint}` : diagnostic.message;
  return `::${diagnostic.severity === 'error' ? 'error' : 'warning'} ${properties.join(',')}::${escapeData(message)}\n`;
}

/** GitHub's escaping of a workflow command's message. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a workflow command's property value: the message's, and `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
