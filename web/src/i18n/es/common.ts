// Shared Spanish texts: brand, header, menu, toasts, generic states.
export const common = {
  brand: 'Chismes',
  tabs: { recent: 'Recent', trending: 'Tranding', top: 'Tops', old: 'Olds' },
  tabsLabel: 'Secciones de chismes',
  menu: {
    open: 'Abrir menú',
    title: 'Menú',
    /** One's own chismes and notifications (/profile/): named as people look for it. */
    profile: 'Perfil',
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
  offline: 'Sin conexión a internet. Lo que hagas ahora no se guardará hasta que vuelvas a conectarte.',
  backOnline: 'Conexión restablecida',
  cotilleoSaveFailed: 'No se pudo guardar el modo cotilleo en tu perfil. Inténtalo de nuevo.',
} as const;
