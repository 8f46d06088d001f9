import { Link, useSiteData, useTranslate } from '../firstLoad.js';
import type { StringTable } from '../i18n.js';
import type { PropPageSource, PropTag } from '@docgen/types';

/**
 * What a page shows below its content: a doc's tags, and where the page comes from. Loaded after
 * hydration (see PageSourceSlot.tsx).
 */

/** Its strings, loaded with it (see i18n.ts). */
const STRINGS: StringTable<'tags.label' | 'editThisPage' | 'downloadPdf' | 'lastUpdated.atBy' | 'lastUpdated.at' | 'lastUpdated.by'> = {
  en: {
    'tags.label': 'Tags:',
    editThisPage: 'Edit this page',
    downloadPdf: 'Download PDF',
    'lastUpdated.atBy': 'Last updated on {date} by {author}',
    'lastUpdated.at': 'Last updated on {date}',
    'lastUpdated.by': 'Last updated by {author}',
  },
  ko: {
    'tags.label': '태그:',
    editThisPage: '이 페이지 편집',
    downloadPdf: 'PDF 내려받기',
    'lastUpdated.atBy': '최종 수정: {date}, {author}',
    'lastUpdated.at': '최종 수정: {date}',
    'lastUpdated.by': '최종 수정: {author}',
  },
};

/**
 * Under a doc or a post: "Edit this page" (a link to its file in the repository), when it last
 * changed and by whom, dated in the locale's format, and a doc's "Download PDF" (its version's
 * manual, `pdf.build`). Nothing when the page has none of them.
 */
export function PageSource({ source }: { source: PropPageSource }) {
  const site = useSiteData();
  const t = useTranslate(STRINGS);
  const { editUrl, lastUpdate, manual } = source;
  if (!editUrl && !lastUpdate && !manual) return null;
  const htmlLang = site.locales.find((candidate) => candidate.locale === site.locale)?.htmlLang ?? site.locale;
  // Fixed time zone: the date must read the same on the server and in every browser.
  const format = new Intl.DateTimeFormat(htmlLang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const date = lastUpdate?.date;
  const dateText = date ? format.format(new Date(date.length === 10 ? `${date}T00:00:00Z` : date)) : undefined;
  const updated = lastUpdate
    ? dateText && lastUpdate.author
      ? t('lastUpdated.atBy', { date: '\u0000date', author: lastUpdate.author })
      : dateText
        ? t('lastUpdated.at', { date: '\u0000date' })
        : t('lastUpdated.by', { author: lastUpdate.author ?? '' })
    : undefined;
  // The date is a <time> element inside the translated sentence, wherever the locale puts it.
  const [before, after] = updated?.split('\u0000date') ?? [];
  return (
    <div className="page-source">
      {editUrl ? (
        <a className="page-source__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 40 40" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="m34.5 11.7-3 3.1-6.3-6.3 3.1-3q.5-.5 1.2-.5t1.1.5l3.9 3.9q.5.4.5 1.1t-.5 1.2zM5 28.8l18.5-18.5 6.3 6.3L11.3 35H5v-6.2z"
            />
          </svg>
          <span className="page-source__label">{t('editThisPage')}</span>
          <span className="sr-only">{t('externalLink')}</span>
        </a>
      ) : null}
      {manual ? (
        <a className="page-source__pdf" href={manual} download>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d="M12 16 6.5 10.5l1.4-1.4 3.1 3.1V3h2v9.2l3.1-3.1 1.4 1.4L12 16zM5 20v-2h14v2H5z" />
          </svg>
          <span className="page-source__label">{t('downloadPdf')}</span>
        </a>
      ) : null}
      {updated !== undefined ? (
        <span className="page-source__updated">
          {before}
          {after !== undefined ? <time dateTime={date}>{dateText}</time> : null}
          {after}
        </span>
      ) : null}
    </div>
  );
}

/** The doc's tags, each linking to its tag page (as Docusaurus's doc footer). */
export function DocTags({ tags }: { tags: PropTag[] }) {
  const t = useTranslate(STRINGS);
  return (
    <footer className="doc-footer">
      <b className="doc-footer__tags-label">{t('tags.label')}</b>
      <ul className="tag-list">
        {tags.map((tag) => (
          <li key={tag.path}>
            <Link className="tag" href={tag.path} rel="tag">
              {tag.label}
            </Link>
          </li>
        ))}
      </ul>
    </footer>
  );
}
