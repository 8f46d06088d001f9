import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@docgen/client';
import { useBehaviourEffect } from '../afterHydration.js';
import { ExternalLinkIcon } from '../layout/ExternalLinkIcon.js';

export interface DropdownItem {
  label: string;
  href: string;
  external?: boolean;
  active?: boolean;
  lang?: string;
  onSelect?: () => void;
}

/**
 * A navbar dropdown. Opens on click or Enter; closes on Escape, on a mousedown or touch outside,
 * and when focus leaves it. Works as a hover menu with JavaScript off. Until the page is hydrated
 * the menu follows focus (a click on the button before then shows it, and its links work); once
 * hydrated, the button's state alone shows it, open already if focus is inside.
 */
export function Dropdown({
  label,
  items,
  position,
  icon,
}: {
  label: string;
  items: DropdownItem[];
  position: 'left' | 'right';
  icon?: ReactNode;
}) {
  // Undefined until hydrated (no aria-expanded): the stylesheet shows the menu while focus is in it.
  const [open, setOpen] = useState<boolean>();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => setOpen(!!ref.current?.contains(document.activeElement)), []);
  useBehaviourEffect(
    (code) =>
      open && ref.current
        ? code.dismissOnOutside(
            ref.current,
            () => setOpen(false),
            () => buttonRef.current?.focus(),
          )
        : undefined,
    [open],
  );
  return (
    <div ref={ref} className={`navbar__item dropdown dropdown--${position}${open ? ' dropdown--show' : ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className="navbar__link dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
        {label}
      </button>
      <ul className="dropdown__menu" id={menuId}>
        {items.map((item) => (
          <li key={item.label + item.href}>
            <Link
              className={`dropdown__link${item.active ? ' dropdown__link--active' : ''}`}
              href={item.href}
              lang={item.lang}
              aria-current={item.active ? 'true' : undefined}
              onClick={() => {
                item.onSelect?.();
                setOpen(false);
              }}
            >
              {item.label}
              {item.external ? <ExternalLinkIcon /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
