import { useState } from 'react';
import { toTocTree, type TocNode } from '@docgen/client';
import type { TocItem } from '@docgen/types';
import { useBehaviourEffect } from '../afterHydration.js';
import { useTranslate } from '../i18n.js';

function TocList({ nodes, active }: { nodes: TocNode[]; active: string | null }) {
  return (
    <ul className="table-of-contents__list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a
            href={`#${node.id}`}
            className={`table-of-contents__link${node.id === active ? ' table-of-contents__link--active' : ''}`}
            aria-current={node.id === active ? 'location' : undefined}
          >
            {node.value}
          </a>
          {node.children.length > 0 ? <TocList nodes={node.children} active={active} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Highlights the heading the reader is at (see behaviours/activeHeading.ts). */
function useActiveHeading(items: TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useBehaviourEffect((code) => (items.length === 0 ? undefined : code.trackActiveHeading(items, setActive)), [items]);
  return active;
}

/**
 * The table of contents: a sticky column on desktop (`desktop`), a collapsible block above the
 * content below 997 px (`mobile`). CSS shows the variant that fits the viewport.
 */
export function TableOfContents({ items, variant = 'desktop' }: { items: TocItem[]; variant?: 'desktop' | 'mobile' }) {
  const t = useTranslate();
  const active = useActiveHeading(variant === 'desktop' ? items : []);
  if (items.length === 0) return null;
  const tree = toTocTree(items);
  if (variant === 'mobile') {
    return (
      <details className="toc-mobile">
        <summary>{t('toc.title')}</summary>
        <TocList nodes={tree} active={null} />
      </details>
    );
  }
  return (
    <nav className="table-of-contents" aria-label={t('toc.title')}>
      <div className="table-of-contents__title">{t('toc.title')}</div>
      <TocList nodes={tree} active={active} />
    </nav>
  );
}
