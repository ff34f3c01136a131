import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { logLevelOf, redactUrl, REDACTED, requestIdGenerator, serializeError } from './logging';

describe('redactUrl', () => {
  it('replaces the values of secret parameters and of secret fields inside a filter', () => {
    const filter = JSON.stringify([{ field: 'card_no', op: 'eq', value: '12345678' }, { field: 'name', op: 'contains', value: 'Ann' }]);
    const url = `/persons/list/?keyword=a&sessionid=S3CRET&password=pw&token=T0K&filter=${encodeURIComponent(filter)}`;
    const out = decodeURIComponent(redactUrl(url));
    for (const secret of ['S3CRET', 'pw&', 'T0K', '12345678']) expect(out).not.toContain(secret);
    expect(out).toContain(`keyword=${REDACTED}`);
    expect(out).toContain('"value":"Ann"');
    expect(out).toContain(`"field":"card_no","op":"eq","value":"${REDACTED}"`);
  });

  it('replaces search text on every list: a badge number typed or scanned into a search box', () => {
    const badge = '0098765432';
    for (const url of [`/persons/list/?keyword=${badge}&page=1`, `/persons/list/?first=1&keyword_code=${badge}`,
      `/customers/list/?KEYWORD=${badge}`, `/cards/list/?keyword_code=${badge}`]) {
      const out = redactUrl(url);
      expect(out, url).not.toContain(badge);
      expect(decodeURIComponent(out), url).toMatch(/keyword(_code)?=\[Redacted\]/i);
    }
    // The other parameters stay, for whoever reads the log.
    expect(redactUrl('/persons/list/?page=2&keyword=x')).toBe(`/persons/list/?page=2&keyword=${encodeURIComponent(REDACTED)}`);
  });

  it('leaves a URL without secrets as it was', () => {
    expect(redactUrl('/customers/list/?page=2&sort=-code')).toBe('/customers/list/?page=2&sort=-code');
    expect(redactUrl('/healthz')).toBe('/healthz');
    // The public order query's check code and a label sheet's signature open data without a login.
    expect(redactUrl('/orders/query/?show_id=SO1&code=ABCD2345')).toBe(`/orders/query/?show_id=SO1&code=${encodeURIComponent(REDACTED)}`);
    expect(redactUrl('/prints/sheet/?c=cards&sig=abc')).not.toContain('abc');
  });
});

describe('serializeError', () => {
  it('keeps the stack and cuts the parameters a failed query quotes', () => {
    const err = new DrizzleQueryError('select * from accounts where password = $1', ['hash-of-secret'], new Error('boom'));
    const s = serializeError(err);
    expect(JSON.stringify(s)).not.toContain('hash-of-secret');
    expect(s.message).toBe(`Failed query: select * from accounts where password = $1\nparams: ${REDACTED}`);
    expect(s.stack).toMatch(/\n {4}at /);
    expect(s.cause).toMatchObject({ message: 'boom' });
  });
});

describe('settings of the log', () => {
  it('accepts the pino levels, defaults to info and refuses anything else', () => {
    expect(logLevelOf(undefined)).toBe('info');
    expect(logLevelOf('WARN')).toBe('warn');
    expect(() => logLevelOf('verbose')).toThrow(/LOG_LEVEL=verbose/);
  });

  it('takes the load balancer’s request id only behind one, and only when it looks like an id', () => {
    const req = (id: string) => ({ headers: { 'x-request-id': id } }) as never;
    expect(requestIdGenerator(true)(req('lb-0123456789'))).toBe('lb-0123456789');
    expect(requestIdGenerator(false)(req('lb-0123456789'))).not.toBe('lb-0123456789');
    expect(requestIdGenerator(true)(req('bad id\nwith lines'))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
