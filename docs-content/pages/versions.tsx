import { Link, PageMetadata, useSiteData } from '@docgen/site-theme';

const TEXT = {
  ko: {
    title: '문서 버전',
    intro:
      'Example Analysis 문서의 모든 버전입니다. 새로 연동한다면 최신 버전을 보세요. 이전 버전은 해당 SDK를 계속 쓰는 팀을 위해 남겨 둔 문서입니다. 새 버전이 나오면 이전 버전은 지원이 종료되어 더 이상 수정이 제공되지 않으며, 보안 수정과 버그 수정은 최신 버전의 SDK로만 제공됩니다.',
    latestTitle: '최신 버전 (현재 버전)',
    pastTitle: '이전 버전',
    docs: '문서',
    notes: '릴리스 노트',
    latest: '최신',
    maintained: '유지 관리 종료',
  },
  en: {
    title: 'Documentation versions',
    intro:
      'Every version of the Example Analysis documentation. If you are integrating now, read the latest version; earlier versions stay online for teams still on those SDKs. When a new version is released, support for the previous one ends: it receives no more fixes, and security and bug fixes ship only in the latest SDK.',
    latestTitle: 'Latest version (current)',
    pastTitle: 'Past versions',
    docs: 'Documentation',
    notes: 'Release notes',
    latest: 'latest',
    maintained: 'no longer maintained',
  },
};

export default function VersionsPage() {
  const site = useSiteData();
  const text = site.locale === 'ko' ? TEXT.ko : TEXT.en;
  const latest = site.versions.filter((version) => version.isLast);
  const past = site.versions.filter((version) => !version.isLast);
  const table = (versions: typeof site.versions) => (
    <table className="versions-table">
      <tbody>
        {versions.map((version) => (
          <tr key={version.name}>
            <th scope="row">
              {version.label}
              {version.isLast ? (
                <span className="badge" style={{ marginLeft: '0.5rem', marginBottom: 0 }}>
                  {text.latest}
                </span>
              ) : null}
              {version.banner === 'unmaintained' ? (
                <span className="badge" style={{ marginLeft: '0.5rem', marginBottom: 0 }}>
                  {text.maintained}
                </span>
              ) : null}
            </th>
            <td>
              <Link href={version.mainDocPath}>{text.docs}</Link>
            </td>
            <td>{version.sidebarPaths.releaseNote ? <Link href={version.sidebarPaths.releaseNote}>{text.notes}</Link> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="container markdown-page">
      <PageMetadata title={text.title} description={text.intro} />
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      <h2>{text.latestTitle}</h2>
      {table(latest)}
      <h2>{text.pastTitle}</h2>
      {table(past)}
    </div>
  );
}
