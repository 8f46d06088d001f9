/**
 * Text the synthetic site is made of: parallel Korean and English pools, so that a translated
 * page has the same structure as its Korean source. No sentence holds `<`, `{` or `:` before a
 * letter, which markdown would read as HTML or a directive (and docgen would warn about).
 */
export type Bilingual = readonly [ko: string, en: string];

export const SENTENCES: readonly Bilingual[] = [
  [
    '분석 요청은 API 토큰을 발급받은 뒤 `POST /v2/analyses`로 보냅니다.',
    'Send an analysis request to `POST /v2/analyses` once you have an API token.',
  ],
  [
    '요청이 접수되면 서버는 요청 ID를 돌려주며, 이 ID로 진행 상태를 조회할 수 있습니다.',
    'When the request is accepted, the server returns a request ID that you use to poll its status.',
  ],
  [
    '소스 트리는 zip 또는 tar.gz로 압축해 올리며, 한 파일의 크기는 2 GiB를 넘을 수 없습니다.',
    'Upload the source tree as a zip or tar.gz archive; a single file may not exceed 2 GiB.',
  ],
  [
    '분석이 끝나면 결과 파일 `results.zip`을 내려받아 보고서와 원시 데이터를 확인합니다.',
    'When the analysis is done, download `results.zip` to read the report and the raw data.',
  ],
  [
    'SDK는 요청 재시도와 토큰 갱신을 자동으로 처리하므로 대부분의 경우 직접 구현할 필요가 없습니다.',
    'The SDK retries requests and refreshes tokens by itself, so most teams never implement either.',
  ],
  [
    '토큰은 코드에 직접 쓰지 말고 환경 변수 `ANALYSIS_TOKEN`에 넣어 두는 것을 권장합니다.',
    'Keep the token out of the code and put it in the `ANALYSIS_TOKEN` environment variable instead.',
  ],
  [
    '운영 환경에서는 분석 서버와 수집기를 서로 다른 노드에 배치해 장애의 영향을 줄입니다.',
    'In production, place the analysis server and the collectors on separate nodes to limit the impact of a failure.',
  ],
  [
    '설정 파일을 바꾼 뒤에는 서비스를 다시 시작해야 변경 사항이 적용됩니다.',
    'After changing the configuration file, restart the service for the change to take effect.',
  ],
  [
    '대시보드의 **최근 분석** 목록에서 각 분석의 소요 시간과 결과 요약을 볼 수 있습니다.',
    'The **Recent analyses** list of the dashboard shows the duration and a summary of each analysis.',
  ],
  [
    '요청이 너무 많으면 서버가 `429 Too Many Requests`를 돌려주므로 `Retry-After` 헤더만큼 기다린 뒤 다시 보냅니다.',
    'Too many requests get `429 Too Many Requests`; wait for the time in the `Retry-After` header before sending again.',
  ],
  [
    '웹 애플리케이션 분석은 배포된 WAR 또는 JAR 파일을 기준으로 하며, 빌드 전 소스는 필요하지 않습니다.',
    'Web application analysis works on the deployed WAR or JAR file and does not need the sources.',
  ],
  [
    'Gradle 프로젝트는 플러그인을 적용하면 빌드가 끝날 때마다 분석 요청을 자동으로 보냅니다.',
    'With the plugin applied, a Gradle project sends an analysis request at the end of every build.',
  ],
  [
    '분석 규칙은 프로젝트마다 다르게 지정할 수 있으며, 지정하지 않으면 조직의 기본 규칙을 따릅니다.',
    'Each project can choose its own rule set; without one, the organisation defaults apply.',
  ],
  [
    '로그는 JSON 형식으로 기록되므로 수집 도구에서 필드별로 검색하고 집계할 수 있습니다.',
    'Logs are written as JSON, so a log collector can search and aggregate them field by field.',
  ],
  [
    '이 기능은 2505.1부터 제공되며, 이전 버전에서는 같은 결과를 얻으려면 두 번의 요청이 필요합니다.',
    'This feature exists since 2505.1; older versions need two requests for the same result.',
  ],
  [
    'CI 파이프라인에서는 분석이 끝날 때까지 기다리지 않고 요청 ID만 기록해 두었다가 나중에 결과를 확인하는 방식이 효율적입니다.',
    'In a CI pipeline it is cheaper to record the request ID and check the result later than to wait for the analysis.',
  ],
  [
    '사내 프록시를 거쳐야 하는 환경에서는 `HTTPS_PROXY` 환경 변수로 프록시 주소를 지정합니다.',
    'Behind a corporate proxy, set the proxy address in the `HTTPS_PROXY` environment variable.',
  ],
  [
    '응답 본문의 `status` 필드는 `queued`, `running`, `done`, `failed` 중 하나입니다.',
    'The `status` field of the response is one of `queued`, `running`, `done` and `failed`.',
  ],
  [
    '대용량 저장소는 모듈별로 나누어 요청하면 전체 분석 시간이 크게 줄어듭니다.',
    'Splitting a large repository into one request per module shortens the whole analysis considerably.',
  ],
  [
    '결과 보고서는 한국어와 영어로 제공되며, 요청할 때 `locale` 값으로 언어를 고릅니다.',
    'Reports come in Korean and English; pick the language with the `locale` value of the request.',
  ],
  [
    '권한이 없는 토큰으로 요청하면 `403 Forbidden`이 반환되며 요청은 기록되지 않습니다.',
    'A token without the permission gets `403 Forbidden`, and the request is not recorded.',
  ],
  [
    '보관 기간이 지난 분석 결과는 매일 새벽에 삭제되므로 필요한 파일은 미리 내려받아 두십시오.',
    'Results past their retention period are deleted every night, so download the files you need in time.',
  ],
  [
    '수집기는 기본적으로 60초마다 지표를 보내며, 간격은 설정 파일의 `interval` 값으로 바꿀 수 있습니다.',
    'Collectors send metrics every 60 seconds by default; change the interval with the `interval` setting.',
  ],
  [
    '새 버전으로 올리기 전에 릴리스 노트의 호환성 항목을 확인하고, 시험 환경에서 먼저 검증하십시오.',
    'Before upgrading, read the compatibility notes of the release and try the new version in a test environment first.',
  ],
  [
    'TypeScript 타입 정의가 SDK에 포함되어 있으므로 별도의 타입 패키지는 설치하지 않아도 됩니다.',
    'The SDK ships its TypeScript type definitions; there is no separate types package to install.',
  ],
  [
    '분석 대상에서 제외할 경로는 `.analysisignore` 파일에 한 줄에 하나씩 적습니다.',
    'List the paths to leave out of the analysis in `.analysisignore`, one per line.',
  ],
  [
    '웹훅을 등록하면 분석이 끝났을 때 지정한 주소로 결과 요약이 전송됩니다.',
    'With a webhook registered, a summary of the result is posted to your address when the analysis ends.',
  ],
  [
    '같은 커밋을 다시 분석하면 캐시된 결과를 돌려주므로 요청 한도에 포함되지 않습니다.',
    'Analysing the same commit again returns the cached result and does not count against the quota.',
  ],
];

/** Headings of a page: distinct within a page; their GitHub slugs are the lower-cased words joined by `-`. */
export const HEADINGS: readonly Bilingual[] = [
  ['시작하기 전에', 'Before you start'],
  ['사전 요구 사항', 'Prerequisites'],
  ['API 토큰 발급', 'Getting an API token'],
  ['SDK 설치', 'Installing the SDK'],
  ['첫 요청 보내기', 'Sending a first request'],
  ['상태 확인', 'Checking the status'],
  ['결과 내려받기', 'Downloading the results'],
  ['설정 파일 구조', 'Layout of the configuration file'],
  ['환경 변수', 'Environment variables'],
  ['오류 처리', 'Handling errors'],
  ['재시도 정책', 'Retry policy'],
  ['요청 한도', 'Rate limits'],
  ['권한과 역할', 'Permissions and roles'],
  ['프록시 설정', 'Proxy settings'],
  ['로그 확인', 'Reading the logs'],
  ['모니터링 지표', 'Monitoring metrics'],
  ['성능 조정', 'Performance tuning'],
  ['보안 고려 사항', 'Security considerations'],
  ['CI 연동', 'CI integration'],
  ['Gradle 플러그인', 'The Gradle plugin'],
  ['Node 예제', 'Node example'],
  ['Java 예제', 'Java example'],
  ['응답 형식', 'Response format'],
  ['필드 설명', 'Fields'],
  ['웹훅 등록', 'Registering a webhook'],
  ['보관 기간', 'Retention period'],
  ['업그레이드 절차', 'Upgrade procedure'],
  ['알려진 제한 사항', 'Known limitations'],
  ['자주 묻는 질문', 'Frequently asked questions'],
  ['다음 단계', 'Next steps'],
];

export const TITLE_TOPICS: readonly Bilingual[] = [
  ['소스 코드 분석', 'Source code analysis'],
  ['운영 산출물 분석', 'Operations artefact analysis'],
  ['웹 애플리케이션 분석', 'Web application analysis'],
  ['분석 요청', 'Analysis requests'],
  ['결과 파일', 'Result files'],
  ['API 토큰', 'API tokens'],
  ['Java SDK', 'The Java SDK'],
  ['Node SDK', 'The Node SDK'],
  ['Gradle 플러그인', 'The Gradle plugin'],
  ['수집기', 'Collectors'],
  ['웹훅', 'Webhooks'],
  ['분석 규칙', 'Rule sets'],
  ['대시보드', 'The dashboard'],
  ['감사 로그', 'Audit logs'],
  ['조직 설정', 'Organisation settings'],
  ['프록시', 'Proxies'],
];

export const TITLE_ASPECTS: readonly Bilingual[] = [
  ['개요', 'overview'],
  ['설정하기', 'configuration'],
  ['시작하기', 'getting started'],
  ['문제 해결', 'troubleshooting'],
  ['참조', 'reference'],
  ['모범 사례', 'best practices'],
  ['마이그레이션', 'migration'],
  ['고급 사용법', 'advanced use'],
];

/** Rows of a settings table: key, meaning, default. */
export const TABLE_ROWS: readonly (readonly [key: string, ko: string, en: string, value: string])[] = [
  ['`token`', 'API 토큰', 'API token', '없음'],
  ['`endpoint`', 'API 주소', 'API address', '`https://api.example.com/v2`'],
  ['`timeout`', '요청 제한 시간(초)', 'request timeout in seconds', '`30`'],
  ['`retries`', '재시도 횟수', 'number of retries', '`3`'],
  ['`locale`', '보고서 언어', 'report language', '`ko`'],
  ['`interval`', '지표 전송 간격(초)', 'metrics interval in seconds', '`60`'],
  ['`ruleSet`', '적용할 분석 규칙', 'rule set to apply', '`default`'],
  ['`webhookUrl`', '결과 요약을 받을 주소', 'address that receives the summary', '없음'],
  ['`proxy`', '프록시 주소', 'proxy address', '없음'],
  ['`retentionDays`', '결과 보관 기간(일)', 'retention period in days', '`90`'],
];

export const ADMONITIONS: readonly (readonly [type: string, ko: string, en: string])[] = [
  ['note', '참고', 'Note'],
  ['tip', '팁', 'Tip'],
  ['info', '안내', 'Info'],
  ['warning', '주의', 'Warning'],
  ['danger', '위험', 'Danger'],
];

export const FILE_WORDS = [
  'setup',
  'requests',
  'tokens',
  'results',
  'rules',
  'webhooks',
  'collectors',
  'logs',
  'limits',
  'proxy',
  'upgrade',
  'faq',
] as const;

/** Top folders: in the docgen shape, one sidebar each (all four, always); the docusaurus shape takes as many as it needs. */
export const TOP_FOLDERS: readonly (readonly [name: string, ko: string, en: string])[] = [
  ['guide', '가이드', 'Guide'],
  ['api', 'API 레퍼런스', 'API reference'],
  ['sdk', 'SDK', 'SDKs'],
  ['operations', '운영', 'Operations'],
];

/** More top folders for the docusaurus shape, whose top level grows with the site. */
export const MORE_TOP_FOLDERS: readonly (readonly [name: string, ko: string])[] = [
  ['getting-started', '시작하기'],
  ['tutorials', '튜토리얼'],
  ['concepts', '핵심 개념'],
  ['integrations', '외부 연동'],
  ['administration', '관리'],
  ['cli', 'CLI'],
  ['plugins', '플러그인'],
  ['release-notes', '릴리스 노트'],
];

/** Second-level folders (name, Korean label). */
export const SECOND_FOLDERS: readonly (readonly [name: string, ko: string])[] = [
  ['basics', '기본'],
  ['advanced', '고급'],
  ['integration', '연동'],
  ['security', '보안'],
  ['monitoring', '모니터링'],
  ['deployment', '배포'],
  ['troubleshooting', '문제 해결'],
  ['reference', '참조'],
  ['migration', '마이그레이션'],
  ['performance', '성능'],
  ['automation', '자동화'],
  ['governance', '거버넌스'],
];

/** Leaf folders (name, Korean label). */
export const THIRD_FOLDERS: readonly (readonly [name: string, ko: string])[] = [
  ['concepts', '개념'],
  ['howto', '따라 하기'],
  ['settings', '설정'],
  ['examples', '예제'],
  ['recipes', '레시피'],
  ['errors', '오류'],
  ['checklists', '점검 목록'],
  ['patterns', '패턴'],
  ['tools', '도구'],
  ['scenarios', '시나리오'],
  ['limits', '제한'],
  ['appendix', '부록'],
];
