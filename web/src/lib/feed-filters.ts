// The feed filters of spec section 3, as the filter dialog sets them and the feeds send them
// (get_feed's optional arguments); each field null when unset.
export type Gender = 'Hombre' | 'Mujer' | 'Prefiero no decirlo';

export type FeedFilters = {
  gender: Gender | null;
  country: string | null;
  yearsFrom: number | null;
  yearsTo: number | null;
  tags: string[] | null;
};

export const emptyFilters: FeedFilters = {
  gender: null,
  country: null,
  yearsFrom: null,
  yearsTo: null,
  tags: null,
};
