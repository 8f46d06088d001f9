import { describe, expect, it } from 'vitest';
import { toDocgenAuthors } from '../src/migrate/blogAuthors.js';

describe('migrate docusaurus: the blog authors file', () => {
  it('says page: false of each author without page, as Docusaurus gives them none, keeping the rest of the file', () => {
    const written = [
      '# The team',
      'vjeux:',
      '  name: Christopher Chedeau # lead',
      '  url: https://github.com/vjeux',
      'kim:',
      '  name: Kim',
      '  page: true',
      'lee: {name: Lee, page: {permalink: /lee}}',
      '',
    ].join('\n');
    expect(toDocgenAuthors(written)).toBe(
      [
        '# The team',
        'vjeux:',
        '  name: Christopher Chedeau # lead',
        '  url: https://github.com/vjeux',
        '  page: false',
        'kim:',
        '  name: Kim',
        '  page: true',
        'lee: { name: Lee, page: { permalink: /lee } }',
        '',
      ].join('\n'),
    );
  });

  it('reads a JSON authors file as well, and keeps a file that is no mapping as it is, for the build to report', () => {
    expect(toDocgenAuthors('{"a": {"name": "A"}}')).toBe('{ "a": { "name": "A", page: false } }\n');
    expect(toDocgenAuthors('- not a map\n')).toBe('- not a map\n');
    expect(toDocgenAuthors('a: [unclosed\n')).toBe('a: [unclosed\n');
  });
});
