import { describe, expect, it } from 'vitest';
import { ApiError } from '../../data/errors';
import { submitFailureText } from './submit-failure';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? ` ${JSON.stringify(params)}` : ''}`;

describe('why an inspection was not recorded (issue 30 item 13)', () => {
  it('says the tablet is full in words, not the browser\'s quota message (also when Dexie wraps it)', () => {
    expect(submitFailureText(new DOMException('quota', 'QuotaExceededError'), t)).toBe('shopfloor.inspection.storage_full');
    expect(submitFailureText({ name: 'AbortError', inner: { name: 'QuotaExceededError' } }, t)).toBe('shopfloor.inspection.storage_full');
  });

  it('gives a server\'s refusal in its own (already translated) message, and anything else with its cause', () => {
    expect(submitFailureText(new ApiError({ kind: 'rejected', status: 422, msg: '不支持的文件类型' }), t)).toBe('不支持的文件类型');
    expect(submitFailureText(new Error('disk I/O'), t)).toBe('shopfloor.inspection.store_failed {"error":"disk I/O"}');
  });
});
