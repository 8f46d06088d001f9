import type { Random } from './random.js';

export type CodeLanguage = 'java' | 'typescript' | 'groovy' | 'bash';

export const CODE_LANGUAGES: readonly CodeLanguage[] = ['java', 'typescript', 'groovy', 'bash'];

export interface CodeSample {
  language: CodeLanguage;
  title: string;
  /** 1-based, inclusive: the `{from-to}` of the fence. */
  highlight: readonly [from: number, to: number];
  code: string;
}

/** A code block of the given language, varied by `n` (the page) and the random stream. */
export function createCodeSample(language: CodeLanguage, n: number, random: Random): CodeSample {
  const lines = LINES[language](n, random);
  const from = random.int(1, Math.max(1, lines.length - 2));
  const to = Math.min(lines.length, from + random.int(0, 2));
  return { language, title: TITLES[language](n), highlight: [from, to], code: lines.join('\n') };
}

const TITLES: Record<CodeLanguage, (n: number) => string> = {
  java: (n) => `AnalysisExample${n}.java`,
  typescript: (n) => `analyze-${n}.ts`,
  groovy: () => 'build.gradle',
  bash: (n) => (n % 2 === 0 ? '요청 보내기' : 'request.sh'),
};

const LINES: Record<CodeLanguage, (n: number, random: Random) => string[]> = {
  java: (n, random) => [
    'import com.example.analysis.AnalysisClient;',
    'import com.example.analysis.AnalysisRequest;',
    'import com.example.analysis.AnalysisResult;',
    '',
    `public class AnalysisExample${n} {`,
    '    public static void main(String[] args) throws Exception {',
    '        AnalysisClient client = AnalysisClient.builder()',
    '            .token(System.getenv("ANALYSIS_TOKEN"))',
    `            .timeout(java.time.Duration.ofSeconds(${random.int(10, 120)}))`,
    '            .build();',
    `        AnalysisRequest request = AnalysisRequest.source("module-${n}.zip");`,
    '        String requestId = client.analyze(request).getRequestId();',
    '        AnalysisResult result = client.waitFor(requestId);',
    '        if (result.getStatus() != AnalysisResult.Status.DONE) {',
    '            throw new IllegalStateException("analysis failed: " + requestId);',
    '        }',
    '        result.download(java.nio.file.Path.of("results.zip"));',
    '    }',
    '}',
  ],
  typescript: (n, random) => [
    "import { AnalysisClient, type AnalysisResult } from '@example/analysis-sdk';",
    '',
    `const client = new AnalysisClient({ timeoutSeconds: ${random.int(10, 120)} });`,
    '',
    `export async function analyzeModule${n}(archive: string): Promise<AnalysisResult> {`,
    "  const { requestId } = await client.analyze({ source: archive, locale: 'ko' });",
    '  for (;;) {',
    '    const result = await client.getResult(requestId);',
    "    if (result.status === 'done' || result.status === 'failed') return result;",
    `    await new Promise((resolve) => setTimeout(resolve, ${random.int(1, 9)}_000));`,
    '  }',
    '}',
  ],
  groovy: (n, random) => [
    'plugins {',
    "    id 'java'",
    `    id 'com.example.analysis' version '2508.1.${random.int(0, 9)}'`,
    '}',
    '',
    'analysis {',
    "    token = System.getenv('ANALYSIS_TOKEN')",
    `    ruleSet = 'team-${n % 17}'`,
    '    failOnIssues = true',
    "    exclude '**/generated/**'",
    '}',
  ],
  bash: (n, random) => [
    'curl -sS -X POST https://api.example.com/v2/analyses \\',
    '  -H "Authorization: Bearer $ANALYSIS_TOKEN" \\',
    `  -F "source=@module-${n}.zip" \\`,
    `  -F "ruleSet=team-${random.int(1, 40)}"`,
    '',
    `curl -sS https://api.example.com/v2/analyses/REQ-${1000 + n} \\`,
    '  -H "Authorization: Bearer $ANALYSIS_TOKEN" | jq .status',
  ],
};
