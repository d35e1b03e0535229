import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, sendJson } from '../../../test/fakes/http-fake';
import { type FakeZarinpal, startFakeZarinpal, ZARINPAL_ERRORS } from '../../../test/fakes/zarinpal';
import { createZarinpalClient, isFinalVerifyFailure, ZarinpalError } from './zarinpal.client';

let zarinpal: FakeZarinpal;
beforeAll(async () => {
  zarinpal = await startFakeZarinpal();
});
afterAll(() => zarinpal.stop());

const client = () => createZarinpalClient({ baseUrl: `${zarinpal.url}/`, merchantId: zarinpal.merchantId });

describe('the Zarinpal client', () => {
  it('opens a payment, points at StartPay, and verifies it once paid: 100, then 101 with the same ref_id', async () => {
    const { authority } = await client().requestPayment({
      amount: 3_000,
      callbackUrl: 'http://api.test/cb',
      description: 'test',
      email: 'a@example.test',
    });
    expect(client().startPayUrl(authority)).toBe(`${zarinpal.url}/pg/StartPay/${authority}`);
    zarinpal.pay(authority);
    const first = await client().verifyPayment(authority, 3_000);
    const again = await client().verifyPayment(authority, 3_000);
    expect(first).toMatchObject({ code: 100, refId: expect.stringMatching(/^\d+$/), cardPan: '502229******5995' });
    expect(again).toEqual({ ...first, code: 101 });
  });

  it("throws Zarinpal's errors with their codes, and knows which ones are final", async () => {
    const { authority } = await client().requestPayment({
      amount: 3_000,
      callbackUrl: 'http://a.test',
      description: 'x',
    });
    const notPaid = await client()
      .verifyPayment(authority, 3_000)
      .catch((error: unknown) => error);
    expect(notPaid).toBeInstanceOf(ZarinpalError);
    expect(notPaid).toMatchObject({ kind: 'rejected', code: -51 });
    expect(isFinalVerifyFailure(notPaid)).toBe(true);

    zarinpal.failNextVerify(1, ZARINPAL_ERRORS.unexpected);
    const oops = await client()
      .verifyPayment(authority, 3_000)
      .catch((error: unknown) => error);
    expect(oops).toMatchObject({ kind: 'rejected', code: -52 });
    expect(isFinalVerifyFailure(oops)).toBe(false);

    const wrongMerchant = createZarinpalClient({ baseUrl: zarinpal.url, merchantId: 'not-ours' });
    await expect(
      wrongMerchant.requestPayment({ amount: 3_000, callbackUrl: 'http://a.test', description: 'x' }),
    ).rejects.toMatchObject({ kind: 'rejected', code: -10 });
  });

  it('tells an answer outside the protocol and a missing gateway from a refusal (never final)', async () => {
    const proxy = await listenLoopback((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    });
    const oddData = await listenLoopback((_req, res) => sendJson(res, 200, { data: [], errors: [] }));
    try {
      const html = await createZarinpalClient({ baseUrl: proxy.url, merchantId: 'm' })
        .verifyPayment('A1', 1_000)
        .catch((error: unknown) => error);
      expect(html).toMatchObject({ kind: 'bad-response', reason: 'unexpected answer (HTTP 502)' });
      expect(isFinalVerifyFailure(html)).toBe(false);
      await expect(
        createZarinpalClient({ baseUrl: oddData.url, merchantId: 'm' }).verifyPayment('A1', 1_000),
      ).rejects.toMatchObject({ kind: 'bad-response' });
    } finally {
      await proxy.stop();
      await oddData.stop();
    }
    const gone = await createZarinpalClient({ baseUrl: 'http://127.0.0.1:9', merchantId: 'm' })
      .verifyPayment('A1', 1_000)
      .catch((error: unknown) => error);
    expect(gone).toMatchObject({ kind: 'network' });
    // Held far past the client's 200 ms: the timer cannot lose however slow the machine.
    zarinpal.setDelay(30_000);
    try {
      await expect(
        createZarinpalClient({ baseUrl: zarinpal.url, merchantId: zarinpal.merchantId, timeoutMs: 200 }).verifyPayment(
          'A1',
          1_000,
        ),
      ).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      zarinpal.setDelay(0);
    }
  });
});
