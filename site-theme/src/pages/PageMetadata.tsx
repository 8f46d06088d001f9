import { createContext, useContext, useEffect } from 'react';
import { useSiteData } from '@docgen/client';

/** Collects the metadata a page declares while it is rendered on the server. */
export const MetadataCollector = createContext<{ title?: string; description?: string } | null>(null);

/**
 * Sets the title and description of a component page: in the server HTML (collected during
 * rendering) and in the browser after client navigation.
 */
export function PageMetadata({ title, description }: { title?: string; description?: string }) {
  const collector = useContext(MetadataCollector);
  const site = useSiteData();
  if (collector) {
    if (title) collector.title = title;
    if (description) collector.description = description;
  }
  useEffect(() => {
    // As formatDocumentTitle of @docgen/shared/documentTitle writes it (its import costs the first load 90 bytes).
    if (title) document.title = title === site.title ? title : `${title} ${site.titleDelimiter ?? '|'} ${site.title}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, site]);
  return null;
}
