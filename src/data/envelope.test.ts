// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorLogStore } from './error-log';
import { sessionStore } from './session/session-store';
import { i18n, initI18n } from '../i18n';
import { ERROR_MS, interpret, settle, TRANSPORT_ERROR_MS, WARNING_MS, type Outcome } from './envelope';
import { ApiError } from './errors';
import { setNotifier, setOnNeedLogin } from './notifier';
import { fakeNotifier } from './test-helpers';

beforeAll(async () => {
  await initI18n('zh');
});

describe('interpret (the envelope table of DESIGN §4)', () => {
  it('OK and 操作成功 resolve with the body', () => {
    expect(interpret(200, { msg: 'OK', dt: [1] })).toEqual({ kind: 'ok', body: { msg: 'OK', dt: [1] } });
    expect(interpret(200, { msg: '操作成功' })).toEqual({ kind: 'ok', body: { msg: '操作成功' } });
  });

  it('msg1 of a successful reply becomes a warning', () => {
    expect(interpret(200, { msg: 'OK', msg1: '库存不足' })).toMatchObject({ kind: 'ok', warning: '库存不足' });
    expect(interpret(200, { msg: 'OK', msg1: '' })).not.toHaveProperty('warning');
  });

  it('any other msg rejects with status, msg and the per-field messages', () => {
    const body = { msg: '提交的数据有误', errors: { name: '必填', bad: 3 } };
    expect(interpret(422, body)).toEqual({ kind: 'rejected', status: 422, msg: '提交的数据有误', errors: { name: '必填' }, body });
    for (const status of [400, 403, 404, 409, 500]) expect(interpret(status, { msg: 'x' }).kind).toBe('rejected');
    // An error msg with a success status is still an error.
    expect(interpret(200, { msg: '失败' }).kind).toBe('rejected');
    // OK with an error status is not a success.
    expect(interpret(409, { msg: 'OK' }).kind).toBe('rejected');
  });

  it('needlogin and the logged-out codes are read before msg', () => {
    expect(interpret(401, { needlogin: 1, msg: '需要重新登录' })).toMatchObject({ kind: 'needlogin', status: 401, msg: '需要重新登录' });
    for (const code of [50008, 50012, 50014]) {
      expect(interpret(401, { code, msg: 'bye' })).toMatchObject({ kind: 'loggedout', code, msg: 'bye' });
    }
    expect(interpret(401, { code: 50000, msg: 'other' }).kind).toBe('rejected');
  });

  it('replies without an envelope: 404 → configuration, 5xx → server, others → HTTP status', () => {
    expect(interpret(404, undefined)).toEqual({ kind: 'config', status: 404 });
    expect(interpret(500, undefined)).toEqual({ kind: 'server', status: 500 });
    expect(interpret(502, undefined)).toEqual({ kind: 'server', status: 502 });
    expect(interpret(413, undefined)).toEqual({ kind: 'http', status: 413 });
    expect(interpret(500, { error: 'x' })).toEqual({ kind: 'server', status: 500 });
  });

  it('a success status with a body that is not JSON is a configuration error; other JSON resolves', () => {
    expect(interpret(200, undefined)).toEqual({ kind: 'config', status: 200 });
    expect(interpret(200, [1, 2])).toEqual({ kind: 'ok', body: [1, 2] });
    expect(interpret(200, { dt: [] })).toEqual({ kind: 'ok', body: { dt: [] } });
  });
});

describe('settle (what the client does)', () => {
  let n: ReturnType<typeof fakeNotifier>;
  const ctx = { method: 'GET', url: '/customers/list/', mutating: false };
  const fail = (o: Outcome, c = ctx): ApiError => {
    try {
      settle(o, c);
    } catch (e) {
      if (e instanceof ApiError) return e;
      throw e;
    }
    throw new Error('settle resolved');
  };

  beforeEach(() => {
    n = fakeNotifier();
    setNotifier(n);
  });
  afterEach(async () => {
    setNotifier(null);
    setOnNeedLogin(null);
    vi.restoreAllMocks();
    await i18n.changeLanguage('zh');
  });

  it('a mutating call shows 操作成功; a read shows nothing', () => {
    const body = { msg: 'OK', id: 1 };
    expect(settle({ kind: 'ok', body }, { ...ctx, method: 'POST', mutating: true })).toBe(body);
    expect(n.success).toHaveBeenCalledWith('操作成功');
    n.success.mockClear();
    settle({ kind: 'ok', body }, ctx);
    expect(n.success).not.toHaveBeenCalled();
  });

  it('msg1 is shown as a warning instead of the success message', () => {
    settle({ kind: 'ok', body: {}, warning: '已超出计划数量' }, { ...ctx, mutating: true });
    expect(n.warning).toHaveBeenCalledWith('已超出计划数量', WARNING_MS);
    expect(n.success).not.toHaveBeenCalled();
  });

  it('a refusal shows msg for 2 s and rejects with status, msg and errors', () => {
    const body = { msg: '已存在相同的值', errors: { code: '已存在相同的值' } };
    const err = fail(interpret(409, body));
    expect(err).toMatchObject({ kind: 'rejected', status: 409, msg: '已存在相同的值', message: '已存在相同的值', errors: { code: '已存在相同的值' }, body });
    expect(n.error).toHaveBeenCalledWith('已存在相同的值', ERROR_MS);
    expect(ERROR_MS).toBe(2000);
  });

  it('needlogin shows the message, clears the login state and reports the current page', () => {
    sessionStore.getState().loggedIn({ token: 't', sessionid: 's', name: 'n', site_name: 'x' });
    window.history.pushState({}, '', '/orders/list?keyword=a');
    const onNeedLogin = vi.fn();
    setOnNeedLogin(onNeedLogin);
    const err = fail(interpret(401, { needlogin: 1, msg: '需要重新登录' }));
    expect(err.kind).toBe('needlogin');
    expect(n.error).toHaveBeenCalledWith('需要重新登录', ERROR_MS);
    expect(sessionStore.getState().sessionid).toBeNull();
    expect(sessionStore.getState().token).toBeNull();
    expect(onNeedLogin).toHaveBeenCalledWith('/orders/list?keyword=a');
  });

  it('codes 50008 / 50012 / 50014 offer the logged-out dialog and reject, leaving the token to the dialog', () => {
    sessionStore.getState().loggedIn({ token: 't', sessionid: 's', name: 'n', site_name: 'x' });
    const err = fail(interpret(401, { code: 50012, msg: '您已在其他地方退出' }));
    expect(err).toMatchObject({ kind: 'loggedout', code: 50012, status: 401 });
    expect(n.loggedOut).toHaveBeenCalledWith('您已在其他地方退出');
    expect(n.error).not.toHaveBeenCalled();
    expect(sessionStore.getState().sessionid).toBe('s');
  });

  it('network, 404 and 500 without an envelope show the catalogue texts for 0.5 s', () => {
    expect(fail({ kind: 'network' })).toMatchObject({ kind: 'network', status: 0, msg: '连接服务器出错' });
    expect(fail(interpret(404, undefined))).toMatchObject({ kind: 'config', status: 404, msg: '服务器配置不正确404' });
    expect(fail(interpret(500, undefined))).toMatchObject({ kind: 'server', status: 500, msg: '服务器执行出错500' });
    expect(fail({ kind: 'timeout' })).toMatchObject({ kind: 'timeout', msg: '连接服务器出错' });
    expect(n.error.mock.calls).toEqual([
      ['连接服务器出错', TRANSPORT_ERROR_MS], ['服务器配置不正确404', TRANSPORT_ERROR_MS],
      ['服务器执行出错500', TRANSPORT_ERROR_MS], ['连接服务器出错', TRANSPORT_ERROR_MS],
    ]);
    expect(TRANSPORT_ERROR_MS).toBe(500);
  });

  it('the texts follow the UI language', async () => {
    await i18n.changeLanguage('en');
    expect(fail({ kind: 'network' }).msg).toBe('Error connecting to the server');
    settle({ kind: 'ok', body: {} }, { ...ctx, mutating: true });
    expect(n.success).toHaveBeenCalledWith('Operation successful');
  });

  it('every failure goes to the error log with the request', () => {
    const add = vi.spyOn(errorLogStore.getState(), 'add');
    fail(interpret(422, { msg: '请求参数错误' }), { method: 'POST', url: '/customers/save/', mutating: true });
    expect(add).toHaveBeenCalledWith({ message: '请求参数错误', info: 'POST /customers/save/ → 422', url: window.location.href });
  });

  it('a server fault is logged with the request id the server logged it under', () => {
    const add = vi.spyOn(errorLogStore.getState(), 'add');
    fail(interpret(500, { msg: '服务器执行出错500', request_id: 'c590ade6-b563' }), { method: 'GET', url: '/customers/list/', mutating: false });
    expect(add).toHaveBeenCalledWith({
      message: '服务器执行出错500', info: 'GET /customers/list/ → 500 · request_id c590ade6-b563', url: window.location.href,
    });
  });

  it('quiet: nothing shown, login state untouched, nothing logged; still rejects', () => {
    sessionStore.getState().loggedIn({ token: 't', sessionid: 's', name: 'n', site_name: 'x' });
    const add = vi.spyOn(errorLogStore.getState(), 'add');
    const onNeedLogin = vi.fn();
    setOnNeedLogin(onNeedLogin);
    const q = { ...ctx, quiet: true };
    expect(fail({ kind: 'network' }, q).kind).toBe('network');
    expect(fail(interpret(401, { needlogin: 1, msg: 'x' }), q).kind).toBe('needlogin');
    expect(fail(interpret(401, { code: 50014, msg: 'x' }), q).kind).toBe('loggedout');
    expect(settle({ kind: 'ok', body: 1 }, { ...q, mutating: true })).toBe(1);
    for (const f of Object.values(n)) expect(f).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
    expect(onNeedLogin).not.toHaveBeenCalled();
    expect(sessionStore.getState().sessionid).toBe('s');
  });
});
