import { CODE_LANGUAGES, createCodeSample } from './codeSamples.js';
import { HEADINGS, SENTENCES, TITLE_TOPICS } from './corpus.js';
import type { DocPage } from './pages.js';
import { createRandom } from './random.js';

const AUTHORS = [
  ['jihoon', '김지훈', '플랫폼 엔지니어링 리드'],
  ['sora', '이소라', '개발자 경험 엔지니어'],
  ['minseo', '박민서', '기술 문서 작성자'],
] as const;

const BLOG_TAGS = ['release', 'guide', 'sdk', 'operations'] as const;

/**
 * Writes `blog/authors.yaml` and a few blog posts with authors and tags, each linking to a doc
 * heading of the current version. Returns the number of posts.
 */
export function writeBlog(write: (path: string, text: string) => void, docs: DocPage[]): number {
  write(
    'blog/authors.yaml',
    AUTHORS.map(([key, name, title]) => `${key}:\n  name: ${name}\n  title: ${title}\n  url: https://github.com/example-${key}\n`).join(''),
  );
  const current = docs.filter((page) => page.version === 'current');
  const count = 6;
  for (let p = 0; p < count; p++) {
    const random = createRandom('blog', p);
    const topic = random.pick(TITLE_TOPICS);
    const target = random.pick(current);
    const code = createCodeSample(random.pick(CODE_LANGUAGES), 9000 + p, random);
    const sentences = (n: number) => Array.from({ length: n }, () => random.pick(SENTENCES)[0]).join(' ');
    const text = [
      '---',
      `title: ${JSON.stringify(`${topic[0]} 소식 ${p + 1}호`)}`,
      `description: ${JSON.stringify(`${topic[0]}에 관한 이번 달 변경 사항을 정리했습니다.`)}`,
      `authors: [${random
        .sample(AUTHORS, random.int(1, 2))
        .map(([key]) => key)
        .join(', ')}]`,
      `tags: [${random.sample(BLOG_TAGS, 2).join(', ')}]`,
      '---',
      '',
      sentences(3),
      '',
      '<!-- truncate -->',
      '',
      ...HEADINGS.slice(p, p + 3).flatMap((heading) => [`## ${heading[0]}`, '', sentences(4), '']),
      `자세한 내용은 [${target.title[0]}](${target.route}#${target.headings[0]!.id}) 문서를 참고하십시오.`,
      '',
      `\`\`\`${code.language} title="${code.title}" {${code.highlight[0]}}`,
      code.code,
      '```',
      '',
    ].join('\n');
    write(`blog/2025-${String(p + 2).padStart(2, '0')}-${String(10 + p).padStart(2, '0')}-news-${p + 1}.md`, text);
  }
  return count;
}
