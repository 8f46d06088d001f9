import { Link, useSiteData } from '@docgen/client';
import { useTranslate } from '../i18n.js';
import { ExternalLinkIcon } from './ExternalLinkIcon.js';

/** The site's footer: link columns, logo and copyright from the config; nothing when it has none. */
export function Footer() {
  const site = useSiteData();
  const t = useTranslate();
  const { footer } = site;
  // Nothing to show: no empty band.
  if (footer.links.length === 0 && !footer.logo && !footer.copyright) return null;
  return (
    <footer className={`footer footer--${footer.style}`} aria-label={t('footer.label')}>
      <div className="container">
        {footer.links.length > 0 ? (
          <div className="footer__links">
            {footer.links.map((column) => (
              <div className="footer__col" key={column.title}>
                <div className="footer__title">{column.title}</div>
                <ul className="footer__items">
                  {column.items.map((item, index) =>
                    // HTML of the config is sanitised by the build as raw HTML in a page is.
                    'html' in item ? (
                      <li key={index} className="footer__item" dangerouslySetInnerHTML={{ __html: item.html }} />
                    ) : (
                      <li key={index}>
                        <Link className="footer__link-item" href={item.href}>
                          {item.label}
                          {item.external ? <ExternalLinkIcon /> : null}
                        </Link>
                      </li>
                    ),
                  )}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        <div className="footer__bottom">
          {footer.logo ? (
            <img
              className="footer__logo"
              src={footer.logo.src}
              alt={footer.logo.alt}
              width={footer.logo.width}
              height={footer.logo.height}
            />
          ) : null}
          {footer.copyright ? <div className="footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} /> : null}
        </div>
      </div>
    </footer>
  );
}
