import { useEffect, useState } from 'react';
import { useSiteData } from '@docgen/client';
import { behaviours, useBehaviourEffect } from '../afterHydration.js';
import { useTranslate } from '../i18n.js';

/**
 * A colour mode the reader can choose: `system` follows the operating system's preference.
 * Declared with the toggle that offers it, not in behaviours/colorMode.ts that applies it: that
 * module imports the first-load code (firstLoad.ts), which holds this one.
 */
export type ColorModeChoice = 'system' | 'light' | 'dark';

/**
 * Switches the colour mode. With respectPrefersColorScheme it cycles system -> light -> dark;
 * otherwise it toggles dark and light. The choice is stored under `theme` and applied as
 * `<html data-theme>` (behaviours/colorMode.ts; the head script applies it before first paint).
 */
export function ColorModeToggle() {
  const site = useSiteData();
  const t = useTranslate();
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const [choice, setChoice] = useState<ColorModeChoice>(respectPrefersColorScheme ? 'system' : defaultMode);
  const [mode, setMode] = useState<'light' | 'dark'>(defaultMode);
  useEffect(() => {
    const root = document.documentElement;
    setMode(root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    const stored = root.getAttribute('data-theme-choice') as ColorModeChoice | null;
    setChoice(
      stored === 'light' || stored === 'dark'
        ? stored
        : respectPrefersColorScheme
          ? 'system'
          : ((root.getAttribute('data-theme') as ColorModeChoice) ?? defaultMode),
    );
  }, [respectPrefersColorScheme, defaultMode]);
  useBehaviourEffect(
    (code) => (choice === 'system' && respectPrefersColorScheme ? code.followSystemColorMode(setMode) : undefined),
    [choice, respectPrefersColorScheme],
  );
  if (disableSwitch) return null;
  const apply = (next: ColorModeChoice) =>
    behaviours.load().then(
      (code) => {
        setMode(code.applyColorMode(next));
        setChoice(next);
      },
      (error: unknown) => console.warn('docgen: loading the code of the colour mode failed', error),
    );
  const next: ColorModeChoice = respectPrefersColorScheme
    ? ({ system: 'light', light: 'dark', dark: 'system' } as const)[choice]
    : mode === 'dark'
      ? 'light'
      : 'dark';
  const current =
    respectPrefersColorScheme && choice === 'system' ? t('colorMode.system') : t(mode === 'dark' ? 'colorMode.dark' : 'colorMode.light');
  const label = t('colorMode.toggle', { mode: current });
  return (
    <button type="button" className="color-mode-toggle" aria-label={label} title={label} aria-live="polite" onClick={() => apply(next)}>
      {choice === 'system' && respectPrefersColorScheme ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2v16a8 8 0 0 1 0-16Z" />
        </svg>
      ) : mode === 'dark' ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M9.37 5.51A7.35 7.35 0 0 0 9.1 7.5c0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27A7.01 7.01 0 0 1 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49ZM12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1Z"
          />
        </svg>
      ) : (
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M2 12h2m16 0h2M12 2v2m0 16v2M5.29 5.29l1.06 1.06m11.3 11.3 1.06 1.06m0-13.42-1.06 1.06M6.35 17.65l-1.06 1.06" />
        </svg>
      )}
    </button>
  );
}
