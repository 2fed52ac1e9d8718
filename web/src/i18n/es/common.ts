// Shared Spanish texts: brand, header, menu, toasts, generic states.
export const common = {
  brand: 'Chismes',
  tabs: { recent: 'Recent', trending: 'Tranding', top: 'Tops', old: 'Olds' },
  tabsLabel: 'Secciones de chismes',
  menu: {
    open: 'Abrir menú',
    title: 'Menú',
    chismes: 'Chismes',
    murmuro: 'Murmuro',
    signOut: 'Cerrar Sesión',
    signIn: 'Iniciar Sesión',
    about: 'Sobre Nosotros',
    darkMode: 'Modo oscuro',
    cotilleoMode: 'Modo cotilleo',
  },
  murmuroAlert: 'Opción aun en trabajo, disfruta de todo lo demás.',
  loading: 'Cargando...',
  close: 'Cerrar',
  cancel: 'Cancelar',
  unknownCountry: 'Desconocido',
  unknownCountryFlag: 'País desconocido',
} as const;
