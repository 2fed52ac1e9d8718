// Feed texts.
export const feed = {
  listLabel: 'Lista de chismes',
  empty: 'No hay chismes por aquí...',
  end: 'No hay más chismes',
  loadError: 'No se pudieron cargar los chismes trending en tiempo real',
  loadingMore: 'Cargando más chismes...',
  loading: 'Cargando chismes...',
  loadMore: 'Cargar más chismes',
  newPost: 'Nuevo chisme',
  filter: 'Filtrar Chismes',
  filtersActive: 'Filtros activos',
  /** The pill over the recent feed (features/feed/components/new-chismes-pill.tsx). */
  newChismes: (count: number) => (count === 1 ? '1 chisme nuevo' : `${count} chismes nuevos`),
} as const;
