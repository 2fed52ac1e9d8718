// The feed variants of the SQL budget (docs/decisions/0016-performance-budgets.md): four tabs × two modes × (no filter, each filter alone, all
// filters) × (first page, page 50 by cursor).
export const TABS = ['recent', 'trending', 'top', 'old'] as const;
export type Tab = (typeof TABS)[number];

export interface Filters {
  p_gender?: string;
  p_country?: string;
  p_years_from?: number;
  p_years_to?: number;
  p_tags?: string[];
}

export const FILTERS: Record<string, Filters> = {
  none: {},
  gender: { p_gender: 'Mujer' },
  country: { p_country: 'México' },
  years: { p_years_from: 18, p_years_to: 25 },
  tags: { p_tags: ['amor'] },
  all: { p_gender: 'Mujer', p_country: 'México', p_years_from: 18, p_years_to: 25, p_tags: ['amor'] },
};

export interface Cursor {
  p_cursor_created_at: string;
  p_cursor_likes: number;
  p_cursor_id: string;
}

export interface Variant {
  key: string;
  tab: Tab;
  cotilleo: boolean;
  filter: string;
  page: 1 | 50;
}

export function allVariants(): Variant[] {
  const variants: Variant[] = [];
  for (const tab of TABS) {
    for (const cotilleo of [false, true]) {
      for (const filter of Object.keys(FILTERS)) {
        for (const page of [1, 50] as const) {
          variants.push({ key: `${tab}/${cotilleo ? 'cotilleo' : 'casual'}/${filter}/p${page}`, tab, cotilleo, filter, page });
        }
      }
    }
  }
  return variants;
}

/** The rpc arguments of a variant (cursor: the last row of page 49, or undefined on page 1). */
export function feedArgs(variant: Variant, cursor?: Cursor): Record<string, unknown> {
  return { p_tab: variant.tab, p_cotilleo: variant.cotilleo, ...FILTERS[variant.filter], ...(cursor ?? {}), p_limit: 20 };
}
