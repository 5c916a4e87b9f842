/** Texts shared by several public pages. */
export const common = {
  notFound: { title: 'Page not found' },
};
