import { Link, PageMetadata, useSiteData, useTranslate } from '@docgen/site-theme';

/**
 * The home page. Its texts are English here; another locale translates them in
 * i18n/<locale>/theme.yaml under the same keys.
 */
const TEXT = {
  en: {
    'home.start': 'Read the introduction',
    'home.markdown': 'Write in Markdown',
    'home.featuresTitle': 'What this site shows you',
    'home.writeTitle': 'Markdown, and more',
    'home.writeBody': 'Admonitions, tabs, code blocks with titles and highlighted lines, tables and images.',
    'home.organizeTitle': 'Versions and languages',
    'home.organizeBody': 'Freeze the docs of a release with one command, and translate them page by page.',
    'home.publishTitle': 'Static files',
    'home.publishBody': 'The build is plain HTML that works without JavaScript, for any static host.',
  },
};

export default function HomePage() {
  const site = useSiteData();
  const t = useTranslate(TEXT);
  const to = (path: string) => site.baseUrl + path.replace(/^\//, '');
  const features = [
    { title: t('home.writeTitle'), body: t('home.writeBody'), href: '/docs/writing/markdown' },
    { title: t('home.organizeTitle'), body: t('home.organizeBody'), href: '/docs/writing/organize' },
    { title: t('home.publishTitle'), body: t('home.publishBody'), href: '/docs/publish' },
  ];
  return (
    <>
      <PageMetadata title={site.title} description={site.tagline} />
      <header className="hero">
        <h1 className="hero__title">{site.title}</h1>
        <p className="hero__subtitle">{site.tagline}</p>
        <div className="hero__buttons">
          <Link className="button button--primary" href={to('/docs/intro')}>
            {t('home.start')}
          </Link>
          <Link className="button button--secondary" href={to('/docs/writing/markdown')}>
            {t('home.markdown')}
          </Link>
        </div>
      </header>
      <section className="section container">
        <h2>{t('home.featuresTitle')}</h2>
        <div className="card-grid">
          {features.map((feature) => (
            <Link key={feature.href} className="card" href={to(feature.href)}>
              <h3 className="card__title">{feature.title}</h3>
              <p className="card__description">{feature.body}</p>
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
