/** Texts shared by several public pages. */
export const common = {
  notFound: {
    title: 'Page not found',
    text: 'There is no page at this address:',
    home: 'Back to the home page',
    publishers: 'For publishers',
    advertisers: 'For advertisers',
  },
};
