// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function screenModule(text: string) {
  return { default: () => <p>{text}</p> };
}

function renderInSuspense(Screen: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('preloadableLazy', () => {
  it('renders a preloaded screen in the first commit, without the fallback', async () => {
    const load = vi.fn(async () => screenModule('Dashboard'));
    const Screen = preloadableLazy(load);
    await Screen.preload();
    renderInSuspense(Screen);
    // Synchronously there: a plain React.lazy would show the fallback here, however loaded its module.
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('falls back while a screen not preloaded loads, and loads it once', async () => {
    let arrive: (module: ReturnType<typeof screenModule>) => void = () => undefined;
    const load = vi.fn(() => new Promise<ReturnType<typeof screenModule>>((resolve) => (arrive = resolve)));
    const Screen = preloadableLazy(load);
    renderInSuspense(Screen);
    expect(screen.getByText('Loading…')).toBeTruthy();
    const preloading = Screen.preload();
    await act(async () => arrive(screenModule('Settings')));
    await preloading;
    expect(await screen.findByText('Settings')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof screenModule>>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue(screenModule('Finance'));
    const Screen = preloadableLazy(load);
    await expect(Screen.preload()).rejects.toThrow('network');
    await Screen.preload();
    renderInSuspense(Screen);
    expect(screen.getByText('Finance')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('mounts a screen that loaded on first render once, and keeps it across renders', async () => {
    let mounts = 0;
    const Counted = () => {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>Account</p>;
    };
    const Screen = preloadableLazy(async () => ({ default: Counted }));
    const view = renderInSuspense(Screen);
    expect(await screen.findByText('Account')).toBeTruthy();
    const node = screen.getByText('Account');
    // Loaded now: a re-render must not swap the lazy wrapper for the loaded screen (a remount).
    view.rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Account')).toBe(node);
    expect(mounts).toBe(1);
  });
});
