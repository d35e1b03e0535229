// @vitest-environment jsdom
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/testing/test-utils';
import { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config';

const served = { ...testConfig, productName: 'From config.json' };
const fetchConfig = () =>
  vi.fn(async () => new Response(JSON.stringify(served), { headers: { 'Content-Type': 'application/json' } }));

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (text !== null) {
    doc.head.innerHTML = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}"></script>`;
    (doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID) as HTMLElement).textContent = text;
  }
  return doc;
}

// Other tests read the test configuration.
afterEach(() => setRuntimeConfig(testConfig));

describe('loadRuntimeConfig', () => {
  it('reads the configuration the server inlined, without asking /config.json', async () => {
    const fetchMock = fetchConfig();
    const inlined = { ...testConfig, productName: '</script> پایدار' };
    await expect(loadRuntimeConfig(fetchMock, pageWith(JSON.stringify(inlined)))).resolves.toStrictEqual(inlined);
    expect(getRuntimeConfig().productName).toBe('</script> پایدار');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['no block (the dev server)', null],
    ['an empty block', ''],
    ['a block that is not JSON', '{"productName": '],
    ['a block that does not validate', JSON.stringify({ productName: 'Paydar' })],
  ])('asks /config.json when the page has %s', async (_case, text) => {
    const fetchMock = fetchConfig();
    await expect(loadRuntimeConfig(fetchMock, pageWith(text))).resolves.toStrictEqual(served);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
  });
});
