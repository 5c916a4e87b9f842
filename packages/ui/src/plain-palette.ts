import { BRAND } from './brand.ts';

/**
 * The colours antd's theme gives its cards, text and buttons, per theme, for the parts drawn with
 * plain markup and CSS before antd has loaded (the dashboard's KPI tiles and its loading states, the
 * admin's first lead rows; decision 0064). This file imports nothing heavy; a unit test checks every value against antd's
 * own tokens for `themeConfig(dark)`, so the plain parts and antd's stay one look.
 */
export interface PlainPalette {
  /** Cards (`colorBgContainer`). */
  surface: string;
  /** A card's border (`colorBorderSecondary`). */
  border: string;
  /** A button's border (`colorBorder`). */
  controlBorder: string;
  text: string;
  /** "Updated hh:mm" and other secondary notes (`colorTextSecondary`). */
  textSecondary: string;
  /** A figure's title (`colorTextDescription`, raised to 4.5:1 by `themeConfig`). */
  textDescription: string;
  /** Skeleton bars (`colorFillSecondary`). */
  fill: string;
  primary: string;
  /** A table's header (`colorFillAlter`) and its text (`colorTextHeading`), the first lead rows'. */
  headerBg: string;
  heading: string;
  /** A default tag's background (`colorFillQuaternary`). */
  tagBg: string;
  /** The status tags' text, background and border (antd's preset `gold`/`green`/`red` 7, 1, 3). */
  gold: string;
  goldBg: string;
  goldBorder: string;
  green: string;
  greenBg: string;
  greenBorder: string;
  red: string;
  redBg: string;
  redBorder: string;
}

export const PLAIN_PALETTE: Record<'light' | 'dark', PlainPalette> = {
  light: {
    surface: '#ffffff',
    border: '#f0f0f0',
    controlBorder: '#d9d9d9',
    text: 'rgba(0,0,0,0.88)',
    textSecondary: 'rgba(0,0,0,0.65)',
    textDescription: 'rgba(0, 0, 0, 0.6)',
    fill: 'rgba(0,0,0,0.06)',
    primary: BRAND.primary,
    headerBg: 'rgba(0,0,0,0.02)',
    heading: 'rgba(0,0,0,0.88)',
    tagBg: 'rgba(0,0,0,0.02)',
    gold: '#d48806',
    goldBg: '#fffbe6',
    goldBorder: '#ffe58f',
    green: '#389e0d',
    greenBg: '#f6ffed',
    greenBorder: '#b7eb8f',
    red: '#cf1322',
    redBg: '#fff1f0',
    redBorder: '#ffa39e',
  },
  dark: {
    surface: '#0e2145',
    border: '#183774',
    controlBorder: '#1e4591',
    text: 'rgba(255,255,255,0.85)',
    textSecondary: 'rgba(255,255,255,0.65)',
    textDescription: 'rgba(255, 255, 255, 0.6)',
    fill: 'rgba(255,255,255,0.12)',
    primary: '#1668dc',
    headerBg: 'rgba(255,255,255,0.04)',
    heading: 'rgba(255,255,255,0.85)',
    tagBg: 'rgba(255,255,255,0.04)',
    gold: '#e8b339',
    goldBg: '#2b2111',
    goldBorder: '#594214',
    green: '#6abe39',
    greenBg: '#162312',
    greenBorder: '#274916',
    red: '#e84749',
    redBg: '#2a1215',
    redBorder: '#58181c',
  },
};

/** The palette as CSS custom properties (`--lm-surface`, …) on `selector`. */
export function paletteCss(selector: string, palette: PlainPalette): string {
  const vars = Object.entries(palette)
    .map(([name, value]) => `--lm-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`)
    .join(' ');
  return `${selector} { ${vars} }`;
}
