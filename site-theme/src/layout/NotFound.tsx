import { MAIN_ID, useTranslate } from '../firstLoad.js';

/** The UI strings of the screen, loaded with it. */
const STRINGS = {
  en: {
    'notFound.title': 'Page Not Found',
    'notFound.p1': 'We could not find what you were looking for.',
    'notFound.p2': 'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
  },
  ko: {
    'notFound.title': '페이지를 찾을 수 없습니다',
    'notFound.p1': '찾으시는 페이지가 없습니다.',
    'notFound.p2': '이 주소로 연결한 사이트의 운영자에게 링크가 깨졌다고 알려 주세요.',
  },
};

/** The screen of a page that does not exist. */
export function NotFound() {
  const t = useTranslate(STRINGS);
  return (
    <main id={MAIN_ID} className="container not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.p1')}</p>
      <p>{t('notFound.p2')}</p>
    </main>
  );
}
