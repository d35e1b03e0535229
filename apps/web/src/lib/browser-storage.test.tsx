// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from './browser-storage';

const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
afterEach(() => {
  if (original) Object.defineProperty(window, 'localStorage', original);
  vi.restoreAllMocks();
  localStorage.clear();
  localStore.clear();
});

describe('localStore', () => {
  it('stores in localStorage while the browser allows it, and sees what another tab changed', () => {
    localStore.set('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    localStorage.removeItem('k'); // as a logout in another tab would
    expect(localStore.get('k')).toBeNull();
  });

  it('keeps values in memory when reading window.localStorage throws', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(localStore.get('k')).toBeNull();
    localStore.set('k', 'v');
    expect(localStore.get('k')).toBe('v');
    localStore.remove('k');
    expect(localStore.get('k')).toBeNull();
    localStore.set('k', 'v');
    localStore.clear();
    expect(localStore.get('k')).toBeNull();
  });

  it('keeps a value in memory when the write is refused (storage full)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    localStore.set('k', 'v');
    expect(localStore.get('k')).toBe('v');
  });
});
