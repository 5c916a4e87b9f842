/** Legal pages: /terms (both agreements) and /privacy. */
export const legal = {
  terms: { title: 'Terms' },
  privacy: { title: 'Privacy Policy' },
};
