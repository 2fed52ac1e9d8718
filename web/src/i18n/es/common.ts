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
    decisions: 'Mis decisiones y denuncias',
    terms: 'Términos y privacidad',
    transparency: 'Informe de transparencia',
  },
  murmuroAlert: 'Opción aun en trabajo, disfruta de todo lo demás.',
  loading: 'Cargando...',
  close: 'Cerrar',
  // a toast's own close button, told apart from the dialog it may show over
  closeToast: 'Cerrar aviso',
  cancel: 'Cancelar',
  unknownCountry: 'Desconocido',
  unknownCountryFlag: 'País desconocido',
  offline: 'Sin conexión a internet. Lo que hagas ahora no se guardará hasta que vuelvas a conectarte.',
  backOnline: 'Conexión restablecida',
  adults: {
    title: 'Modo cotilleo: solo para mayores de 18 años',
    body: 'El modo cotilleo muestra contenido para adultos. ¿Confirmas que tienes 18 años o más? Guardaremos tu confirmación con la fecha y la borraremos si desactivas el modo.',
    confirm: 'Tengo 18 años o más',
  },
  cotilleoSaveFailed: 'No se pudo guardar el modo cotilleo en tu perfil. Inténtalo de nuevo.',
} as const;
