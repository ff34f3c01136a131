import { describe, expect, it } from 'vitest';
import { brandingBackground, brandingLogo, loginBrandingOf, loginBrandingParamsSchema } from './login-branding';

describe('login branding', () => {
  it('keeps exactly the login page fields, unset as empty text', () => {
    expect(loginBrandingOf({ software_name: ' IPOS ', site_name: '华东示范包装厂', menu_colors: '{}', units: '[]' })).toEqual({
      software_name: 'IPOS', site_name: '华东示范包装厂', logo: '', banner: '', banner_background: '',
    });
    expect(loginBrandingOf({ site_name: null })).toEqual({ software_name: '', site_name: '', logo: '', banner: '', banner_background: '' });
    expect(loginBrandingOf({ banner: 'x'.repeat(5000) }).banner).toHaveLength(200);
  });

  it('accepts a logo of the app origin or a data image only', () => {
    expect(brandingLogo('/icons/icon-192.png')).toBe('/icons/icon-192.png');
    expect(brandingLogo('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const bad of ['//evil.example/x.png', 'https://evil.example/x.png', 'javascript:alert(1)', '/x.png" onerror="1',
      'data:text/html;base64,PGI+', '/\\evil', 'logo.png', '']) {
      expect(brandingLogo(bad), bad).toBe('');
    }
  });

  it('accepts plain colours and gradients as the banner background, never a URL', () => {
    const g = 'linear-gradient(135deg, #1890ff 0%, #0050b3 100%)';
    expect(brandingBackground(g)).toBe(g);
    expect(brandingBackground('#0050b3')).toBe('#0050b3');
    for (const bad of ['url(/x.png)', 'URL (x)', 'red; position: fixed', 'url("https://evil/x")', '']) {
      expect(brandingBackground(bad), bad).toBe('');
    }
  });

  it('takes no parameters of its own and refuses none of the transport ones', () => {
    expect(loginBrandingParamsSchema.safeParse({ ios: '1', timeout: '0' }).success).toBe(true);
    expect(loginBrandingParamsSchema.safeParse({}).success).toBe(true);
  });
});
