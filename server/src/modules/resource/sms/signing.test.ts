import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, rpcSignature } from './aliyun-sms';
import { tc3Signature } from './tencent-sms';

describe('Aliyun RPC signature v1', () => {
  // The worked example of Alibaba Cloud's RPC signature documentation (ECS DescribeRegions, secret "testsecret").
  const documented = {
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    Format: 'XML',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    SignatureVersion: '1.0',
    Timestamp: '2016-02-23T12:46:24Z',
    Version: '2014-05-26',
  };

  it('reproduces the documented signature', () => {
    expect(rpcSignature('GET', documented, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('encodes with the strict unreserved set and sorts by name', () => {
    expect(percentEncode("a!b'c(d)e*f ~-_.")).toBe('a%21b%27c%28d%29e%2Af%20~-_.');
    expect(canonicalQuery({ B: '2', A: '1' })).toBe('A=1&B=2');
    expect(percentEncode('阿里')).toBe('%E9%98%BF%E9%87%8C');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it('reproduces the documented signature (CVM DescribeInstances example)', () => {
    const s = tc3Signature({
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(s.scope).toBe('2019-02-25/cvm/tc3_request');
    expect(s.signedHeaders).toBe('content-type;host');
    expect(s.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });
});
