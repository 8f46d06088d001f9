import { createContext, useContext } from 'react';
import type { TabsProps } from '../props.js';

/** Numbers the tab groups of one rendered content, for their element ids (renderContent provides a fresh one). */
export const TabsCounter = createContext({ count: 0 });

/**
 * A tab group of the content (overridable: `src/theme/Tabs.tsx`). Rendered at build time with
 * the default tab shown; the browser switches tabs (enhanceContent) by its roles and `data-value`s.
 */
export function Tabs({ groupId, defaultValue, queryString, items }: TabsProps) {
  const counter = useContext(TabsCounter);
  const index = ++counter.count;
  // The tab shown before any choice: `defaultValue` (MDX's <Tabs>, or a <TabItem default>), else the first.
  const chosen = Math.max(
    0,
    items.findIndex((item) => defaultValue !== undefined && item.value === defaultValue),
  );
  return (
    <div className="tabs-container" data-group-id={groupId} data-query-string={queryString}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, position) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`tabs-${index}-tab-${position}`}
            aria-controls={`tabs-${index}-panel-${position}`}
            aria-selected={position === chosen}
            tabIndex={position === chosen ? 0 : -1}
            data-value={item.value}
            className={position === chosen ? 'tabs__item tabs__item--active' : 'tabs__item'}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, position) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`tabs-${index}-panel-${position}`}
          aria-labelledby={`tabs-${index}-tab-${position}`}
          data-value={item.value}
          className="tabs__panel"
          hidden={position !== chosen}
        >
          {item.children}
        </div>
      ))}
    </div>
  );
}
