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
    behaviours.whenLoaded((code) => {
      setMode(code.applyColorMode(next));
      setChoice(next);
    });
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
      {/* Drawn by the stylesheet (a mask per icon): no path data in the page's code. */}
      <span
        className={`color-mode-toggle__icon color-mode-toggle__icon--${choice === 'system' && respectPrefersColorScheme ? 'system' : mode}`}
        aria-hidden="true"
      />
    </button>
  );
}
