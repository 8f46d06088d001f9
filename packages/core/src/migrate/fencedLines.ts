/**
 * Which lines of a markdown text are fenced code, or a fence's marker line: where an `import` or
 * a `<head>` is an example to show, not the page's own. A backtick run with a backtick after it on
 * its line opens no fence (CommonMark), and a fence closes with a run of its character at least as
 * long and nothing else on the line.
 */
export function findFencedLines(lines: readonly string[]): boolean[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) fence = marker;
      return marker !== undefined;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    return true;
  });
}
