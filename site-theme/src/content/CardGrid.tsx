import type { ComponentType, ReactNode } from 'react';
import type { PropCard } from '@docgen/types';

/** The UI strings of cards, in the category screen and in content alike. */
export const CARD_STRINGS = {
  en: { 'category.items': '1 item|{count} items' },
  ko: { 'category.items': '항목 {count}개' },
};

/**
 * The cards of a category's items: each item's title and its description, or how many pages a
 * category holds (`countLabel`). A generated index shows them with the router's links; a doc's
 * `<DocCardList />` in its content, with plain ones (the router follows them too).
 */
export function CardGrid({
  items,
  countLabel,
  link: LinkComponent,
}: {
  items: PropCard[];
  countLabel: (count: number) => string;
  link: ComponentType<{ className: string; href: string; children: ReactNode }>;
}) {
  return (
    <section className="card-grid">
      {items.map((item) => (
        <LinkComponent key={item.path} className="card" href={item.path}>
          <h2 className="card__title">{item.title}</h2>
          <p className="card__description">{item.count !== undefined ? countLabel(item.count) : item.description}</p>
        </LinkComponent>
      ))}
    </section>
  );
}
