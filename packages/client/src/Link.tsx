import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isExternalUrl } from '@docgen/shared';
import { isPlainNavigation, useNavigate } from './router.js';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Internal URL path (with locale base) or external URL. */
  href: string;
}

/**
 * A link that navigates inside the app without a page load. External links open in a new tab
 * with `rel="noopener noreferrer"`; modified clicks behave as plain links.
 */
export function Link({ href, onClick, target, rel, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const external = isExternalUrl(href);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || isPlainNavigation(event, event.currentTarget)) return;
    event.preventDefault();
    navigate(event.currentTarget.href);
  };
  return (
    <a
      href={href}
      target={target ?? (external ? '_blank' : undefined)}
      rel={rel ?? (external ? 'noopener noreferrer' : undefined)}
      onClick={handleClick}
      {...rest}
    />
  );
}
