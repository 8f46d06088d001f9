import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyModule, preloadAll } from '../src/lazyModule.js';

describe('lazyModule', () => {
  it('loads once, and is read with get() only after loading', async () => {
    const importer = vi.fn(async () => ({ value: 1 }));
    const module = lazyModule('test module', importer);
    expect(module.isLoaded()).toBe(false);
    expect(() => module.get()).toThrow('docgen: the code of the test module was used before it was loaded');
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(await module.load()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(module.isLoaded()).toBe(true);
    expect(module.get()).toBe(first);
  });

  it('tries a failed load again on the next call', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ value: 2 });
    const module = lazyModule('flaky module', importer);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.isLoaded()).toBe(false);
    expect(await module.load()).toEqual({ value: 2 });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('preloadAll loads every module registered, for the server to render synchronously', async () => {
    const modules = [lazyModule('a', async () => ({ a: 1 })), lazyModule('b', async () => ({ b: 2 }))];
    await preloadAll();
    expect(modules.map((module) => module.get())).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('lazyComponent', () => {
  const Dialog = () => null;

  it('opens once its code is loaded, and at once when it already is', async () => {
    const dialog = lazyComponent('dialog', async () => ({ default: Dialog }));
    const shown: string[] = [];
    dialog.open(() => shown.push('first'));
    expect(shown).toEqual([]);
    await vi.waitFor(() => expect(shown).toEqual(['first']));
    expect(dialog.Component).toBe(Dialog);
    dialog.open(() => shown.push('second'));
    expect(shown).toEqual(['first', 'second']);
  });

  it('stays closed when its code fails to load, and tries again on the next open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Dialog });
    const dialog = lazyComponent('menu', importer);
    const show = vi.fn();
    dialog.open(show);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('docgen: loading the menu failed', expect.any(Error)));
    expect(show).not.toHaveBeenCalled();
    dialog.open(show);
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    warn.mockRestore();
  });
});
