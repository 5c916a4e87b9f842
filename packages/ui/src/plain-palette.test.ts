import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { PLAIN_PALETTE, paletteCss } from './plain-palette.ts';
import { themeConfig } from './theme.tsx';

describe('the plain parts’ palette', () => {
  it.each(['light', 'dark'] as const)('is antd’s own colours for the %s theme', (name) => {
    const token = theme.getDesignToken(themeConfig(name === 'dark'));
    expect(PLAIN_PALETTE[name]).toEqual({
      surface: token.colorBgContainer,
      border: token.colorBorderSecondary,
      controlBorder: token.colorBorder,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      textDescription: token.colorTextDescription,
      fill: token.colorFillSecondary,
      primary: token.colorPrimary,
      headerBg: token.colorFillAlter,
      heading: token.colorTextHeading,
      tagBg: token.colorFillQuaternary,
      gold: token.gold7,
      goldBg: token.gold1,
      goldBorder: token.gold3,
      green: token.green7,
      greenBg: token.green1,
      greenBorder: token.green3,
      red: token.red7,
      redBg: token.red1,
      redBorder: token.red3,
    });
  });

  it('becomes CSS custom properties', () => {
    expect(paletteCss('.x', PLAIN_PALETTE.light)).toContain('--lm-text-description: rgba(0, 0, 0, 0.6);');
  });
});
