import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

describe('GET /v1/validate/{identifier}', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    t = await startTestApp();
    account = await t.newAccount();
  });
  after(() => t.close());

  const get = (identifier: string, key = account.testKey) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/validate/${encodeURIComponent(identifier)}`,
      headers: bearer(key),
    });

  it('200 valid for a real ABN, spaces stripped', async () => {
    const res = await get('49 004 028 077');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      identifier_type: 'abn',
      input: '49 004 028 077',
      normalized: '49004028077',
      valid: true,
    });
  });

  it('200 valid for a real ACN', async () => {
    assert.deepEqual((await get('004028077')).json(), {
      identifier_type: 'acn',
      input: '004028077',
      normalized: '004028077',
      valid: true,
    });
  });

  it('200 valid:false reason:checksum for a well-formed number with a wrong check digit', async () => {
    const abn = await get('51824753565');
    assert.equal(abn.statusCode, 200);
    assert.deepEqual(abn.json(), {
      identifier_type: 'abn',
      input: '51824753565',
      normalized: '51824753565',
      valid: false,
      reason: 'checksum',
    });
    const acn = await get('004 028 078');
    assert.equal(acn.statusCode, 200);
    assert.equal(acn.json().reason, 'checksum');
    assert.equal(acn.json().identifier_type, 'acn');
  });

  it('400 code:format for non-digits or a length other than 9 or 11', async () => {
    for (const bad of ['49-004-028-07A', '1234567890', '123456789012', 'ACN004028077', '49.004.028.077']) {
      const res = await get(bad);
      assert.equal(res.statusCode, 400, bad);
      const error = res.json().error;
      assert.equal(error.type, 'invalid_request');
      assert.equal(error.code, 'format');
      assert.equal(error.param, 'identifier');
    }
  });

  it('answers live keys the same way: validation consults no register', async () => {
    assert.deepEqual((await get('49004028077', account.liveKey)).json(), (await get('49004028077')).json());
  });
});
