/** Marketing pages: /, /publishers, /advertisers, /aboutus. */
export const marketing = {
  home: { title: 'Best CPA prices for publishers and advertisers' },
  publishers: { title: 'For publishers' },
  advertisers: { title: 'For advertisers' },
  aboutus: { title: 'Our culture' },
};
