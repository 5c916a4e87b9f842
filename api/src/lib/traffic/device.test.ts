import { describe, expect, it } from 'vitest';
import { botFromClientReport, classifyUserAgent } from './device.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  facebookApp:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/477.0.0.49.74;]',
  instagramApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 340.0.0.22.109 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 620003372)',
  smartTv:
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
};

describe('classifyUserAgent: people', () => {
  it.each([
    ['chromeWindows', false, 'Chrome', 'Windows'],
    ['edge', false, 'Edge', 'Windows'],
    ['firefoxMac', false, 'Firefox', 'Mac OS'],
    ['safariMac', false, 'Safari', 'Mac OS'],
    ['iphone', true, 'Mobile Safari', 'iOS'],
    ['android', true, 'Chrome', 'Android'],
    ['samsung', true, 'Samsung Internet', 'Android'],
    ['ipad', true, 'Mobile Safari', 'iOS'],
    ['androidTablet', true, 'Chrome', 'Android'],
    ['facebookApp', true, 'Facebook', 'Android'],
    ['instagramApp', true, 'Instagram', 'iOS'],
    ['smartTv', false, 'Samsung Internet', 'Tizen'],
  ] as const)('%s: phone %s, %s on %s, not a bot', (name, isPhone, browser, os) => {
    expect(classifyUserAgent(UA[name])).toEqual({ isPhone, browser, os, isBot: false, botReason: null });
  });
});

describe('classifyUserAgent: bots', () => {
  it.each([
    [undefined, 'empty-user-agent'],
    [null, 'empty-user-agent'],
    ['', 'empty-user-agent'],
    ['   ', 'empty-user-agent'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'headless:HeadlessChrome',
    ],
    [
      'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
      'headless:PhantomJS',
    ],
    [`${UA.chromeWindows} Puppeteer`, 'headless:Puppeteer'],
    [`${UA.safariMac} Playwright/1.44`, 'headless:Playwright'],
    [`${UA.chromeWindows} Selenium`, 'headless:Selenium'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Cypress/13.6.0 Chrome/118.0.5993.159 Electron/27.1.3 Safari/537.36',
      'headless:Cypress',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) my-scraper/1.0.0 Chrome/120.0.6099.291 Electron/28.3.3 Safari/537.36',
      'headless:Electron',
    ],
    [
      'Mozilla/5.0 (X11; Linux x64) AppleWebKit/537.36 (KHTML, like Gecko) HappyDOM/21.0.0',
      'headless:HappyDOM',
    ],
    [
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'isbot:Google',
    ],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'isbot:facebook'],
    ['curl/8.5.0', 'isbot:curl/8.5.0'],
    ['python-requests/2.32.3', 'isbot:python-requests/2.32.3'],
    ['Go-http-client/2.0', 'isbot:Go-http-client/2.0'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'isbot:Bot',
    ],
  ])('%j is a bot (%s)', (ua, reason) => {
    const info = classifyUserAgent(ua);
    expect(info.isBot).toBe(true);
    expect(info.botReason).toBe(reason);
  });

  it('still reads the device of a bot (Googlebot smartphone)', () => {
    const info = classifyUserAgent(
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    expect(info).toMatchObject({ isPhone: true, os: 'Android', isBot: true });
  });

  it('copes with a huge header', () => {
    const info = classifyUserAgent(`${UA.android}${' x'.repeat(100_000)}`);
    expect(info).toMatchObject({ isPhone: true, isBot: false });
  });
});

describe('botFromClientReport', () => {
  it.each([
    [{ webdriver: true }, 'client:webdriver'],
    [
      { webdriver: false, brands: ['Chromium', 'HeadlessChrome', 'Not_A Brand'] },
      'client:brand:HeadlessChrome',
    ],
    [{ automationGlobals: ['callPhantom'] }, 'client:global:callPhantom'],
    [
      { automationGlobals: ['cdc_adoQpoasnfa76pfcZLmcfl_Array'] },
      'client:global:cdc_adoQpoasnfa76pfcZLmcfl_Array',
    ],
    [{ automationGlobals: ['<script>x</script>'] }, 'client:global:_script_x_/script_'],
  ])('%j is a bot (%s)', (report, reason) => {
    expect(botFromClientReport(report)).toEqual({ isBot: true, botReason: reason });
  });

  it.each([
    [{}],
    [{ webdriver: false, brands: ['Chromium', 'Google Chrome', 'Not_A Brand'], automationGlobals: [] }],
    [{ webdriver: 'true' }],
    [{ brands: 'HeadlessChrome' }],
    [{ automationGlobals: [42, '', '  '] }],
    [null],
    [undefined],
  ])('%j is no evidence', (report) => {
    expect(botFromClientReport(report as never)).toEqual({ isBot: false, botReason: null });
  });
});
