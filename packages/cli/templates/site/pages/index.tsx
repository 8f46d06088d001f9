import { Link, PageMetadata, useSiteData, useTranslate } from '@docgen/site-theme';

/**
 * The home page. Its texts are below by locale, `en` holding the English ones that a locale without
 * texts of its own shows; another locale translates them in i18n/<locale>/theme.yaml under the
 * same keys.
 */
const TEXT = {
  en: {
    'home.start': {{english.home.start}},
    'home.markdown': {{english.home.markdown}},
    'home.featuresTitle': {{english.home.featuresTitle}},
    'home.writeTitle': {{english.home.writeTitle}},
    'home.writeBody': {{english.home.writeBody}},
    'home.organizeTitle': {{english.home.organizeTitle}},
    'home.organizeBody': {{english.home.organizeBody}},
    'home.publishTitle': {{english.home.publishTitle}},
    'home.publishBody': {{english.home.publishBody}},
  },
{{#defaultLocaleTexts}}
  {{defaultLocale}}: {
    'home.start': {{home.start}},
    'home.markdown': {{home.markdown}},
    'home.featuresTitle': {{home.featuresTitle}},
    'home.writeTitle': {{home.writeTitle}},
    'home.writeBody': {{home.writeBody}},
    'home.organizeTitle': {{home.organizeTitle}},
    'home.organizeBody': {{home.organizeBody}},
    'home.publishTitle': {{home.publishTitle}},
    'home.publishBody': {{home.publishBody}},
  },
{{/defaultLocaleTexts}}
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
