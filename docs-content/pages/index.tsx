import { Link, PageMetadata, useSiteData } from '@docgen/site-theme';

const TEXT = {
  ko: {
    title: 'Example Analysis 개발자 문서',
    subtitle:
      '소스 코드, 운영 산출물, 웹 애플리케이션을 한 번의 API 호출로 분석하고, 소스 코드와 운영 산출물은 SBOM과 라이선스 고지문까지 받아 보세요.',
    start: '5분 만에 시작하기',
    overview: '제품 이해하기',
    featuresTitle: '무엇을 분석하나요?',
    features: [
      {
        title: '소스 코드 분석',
        body: 'analyzeCode로 저장소 압축 파일을 올리면 보안 이슈, 사용 중인 오픈소스, 라이선스를 찾아냅니다.',
        href: '/docs/guide/api/analyzeCode',
      },
      {
        title: '운영 산출물 분석',
        body: 'analyzeOps로 컨테이너 이미지, Helm 차트, Kubernetes 매니페스트를 점검합니다.',
        href: '/docs/guide/api/analyzeOps',
      },
      {
        title: '웹 애플리케이션 분석',
        body: 'analyzeWebapp으로 실행 중인 웹 서비스를 크롤링하며 취약점을 확인합니다.',
        href: '/docs/guide/api/analyzeWebapp',
      },
    ],
    sdkTitle: 'SDK로 바로 연동하기',
    sdkBody:
      'Java와 Node SDK가 인증, 파일 업로드, 오류 해석, 결과 다운로드를 대신 처리합니다. 호출 한도를 넘었을 때 기다릴 시간(Retry-After)도 오류 객체로 알려 줍니다.',
    java: 'Java SDK 가이드',
    node: 'Node SDK 가이드',
    resultsTitle: '결과는 results.zip 하나로',
    resultsBody:
      '요약(summary.json), 분석 메시지(workMessage.json), 자산 목록, 이슈 목록, 그리고 소스 코드와 운영 산출물 분석에서는 라이선스 고지문과 SBOM(CycloneDX, SPDX)까지 하나의 파일에 담깁니다.',
    results: 'results.zip 구성 보기',
  },
  en: {
    title: 'Example Analysis developer docs',
    subtitle:
      'Analyze source code, operational artifacts and web applications with one API call, and get an SBOM and license notices for source code and artifacts.',
    start: 'Get started in 5 minutes',
    overview: 'Understanding the Product',
    featuresTitle: 'What can it analyze?',
    features: [
      {
        title: 'Source code',
        body: 'Upload an archive of your repository to analyzeCode to find security issues, open-source components and their licenses.',
        href: '/docs/guide/api/analyzeCode',
      },
      {
        title: 'Operational artifacts',
        body: 'Check container images, Helm charts and Kubernetes manifests with analyzeOps.',
        href: '/docs/guide/api/analyzeOps',
      },
      {
        title: 'Web applications',
        body: 'Crawl a running web service with analyzeWebapp and find its vulnerabilities.',
        href: '/docs/guide/api/analyzeWebapp',
      },
    ],
    sdkTitle: 'Integrate with an SDK',
    sdkBody:
      'The Java and Node SDKs handle authentication, file uploads, error parsing and result downloads for you. When you hit the rate limit, the error object also tells you how long to wait (Retry-After).',
    java: 'Java SDK guide',
    node: 'Node SDK guide',
    resultsTitle: 'Every result in one results.zip',
    resultsBody:
      'A summary (summary.json), analysis messages (workMessage.json), the asset list, the issue list and, for source code and artifact analyses, license notices and the SBOM (CycloneDX, SPDX) arrive in a single file.',
    results: 'Contents of results.zip',
  },
};

export default function HomePage() {
  const site = useSiteData();
  const text = site.locale === 'ko' ? TEXT.ko : TEXT.en;
  const to = (path: string) => site.baseUrl + path.replace(/^\//, '');
  return (
    <>
      <PageMetadata title={site.title} description={text.subtitle} />
      <header className="hero">
        <h1 className="hero__title">{text.title}</h1>
        <p className="hero__subtitle">{text.subtitle}</p>
        <div className="hero__buttons">
          <Link className="button button--primary" href={to('/docs/getting-started')}>
            {text.start}
          </Link>
          <Link className="button button--secondary" href={to('/docs/guide/overview')}>
            {text.overview}
          </Link>
        </div>
      </header>
      <section className="section container">
        <h2>{text.featuresTitle}</h2>
        <div className="card-grid">
          {text.features.map((feature) => (
            <Link key={feature.href} className="card" href={to(feature.href)}>
              <h3 className="card__title">{feature.title}</h3>
              <p className="card__description">{feature.body}</p>
            </Link>
          ))}
        </div>
      </section>
      <section className="section container">
        <h2>{text.sdkTitle}</h2>
        <p>{text.sdkBody}</p>
        <div className="hero__buttons" style={{ justifyContent: 'flex-start' }}>
          <Link className="button button--secondary" href={to('/docs/guide/sdk/Java')}>
            {text.java}
          </Link>
          <Link className="button button--secondary" href={to('/docs/guide/sdk/Node')}>
            {text.node}
          </Link>
        </div>
        <h2>{text.resultsTitle}</h2>
        <p>{text.resultsBody}</p>
        <Link href={to('/docs/category/results-zip')}>{text.results}</Link>
      </section>
    </>
  );
}
