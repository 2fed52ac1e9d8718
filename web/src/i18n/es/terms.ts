// "Términos y privacidad" (/terminos) in plain Spanish: what Chismes stores, for how long, who
// sees it, how moderation works and the person's rights. The figures (hiding threshold,
// windows) are the database's defaults (70-moderation.sql, 74-statements.sql).
export const terms = {
  title: 'Términos y privacidad',
  updated: 'Última actualización: noviembre de 2026.',
  intro:
    'Chismes es un servicio para publicar y leer chismes de forma anónima. Aquí te explicamos, sin letra pequeña, qué guardamos sobre ti, para qué, cuánto tiempo, quién lo ve, cómo moderamos y qué derechos tienes.',
  sections: [
    {
      title: 'Quién es responsable',
      paragraphs: [
        'El responsable del tratamiento de tus datos es Chismes (contacto@chismes.app). Para cualquier duda sobre tus datos o sobre una decisión de moderación, escríbenos a esa dirección.',
      ],
    },
    {
      title: 'Qué guardamos y para qué',
      items: [
        'Tu correo electrónico y tu contraseña (cifrada), o la cuenta de Google o Facebook con la que entras: para que puedas iniciar sesión y recuperar tu cuenta. Nadie más los ve.',
        'Tu nombre de usuario y tu nombre visible: solo los ves tú; los demás ven «Anónimo».',
        'El género, la edad y el país que indicas en cada chisme o comentario: se muestran junto a ese chisme o comentario, nunca unidos a tu cuenta.',
        'Los registros de país: el país desde el que usas Chismes, como mucho una vez al día, para mostrar el país en tus publicaciones y frenar abusos. Solo los ves tú.',
        'La marca de crisis: si un chisme habla de suicidio o autolesiones, la base de datos lo marca para ofrecer el teléfono 024 a quien lo lea. Dice algo del texto, no de ti.',
        'Tus bloqueos y los hilos que silencias: para no mostrarte a esas personas ni avisarte de esos hilos. Solo los ves tú; nadie sabe que le has bloqueado.',
        'Tus suscripciones a avisos en el navegador (push), si las activas: para enviarte avisos. Las borras al desactivarlas o al cerrar sesión.',
        'Tus notificaciones, tus me gusta, tus denuncias y las decisiones de moderación sobre tu contenido.',
        'La confirmación de que eres mayor de edad, con su fecha, si activas el modo cotilleo. Se borra al desactivarlo.',
      ],
    },
    {
      title: 'Cuánto tiempo',
      items: [
        'Tu cuenta y tus publicaciones, hasta que las borres o borres tu cuenta (desde el menú, «Mis datos»). Al borrar la cuenta se borra todo lo que es tuyo.',
        'Las notificaciones, 30 días.',
        'Lo que un moderador elimina deja de verse al momento (tampoco lo ves tú), pero lo guardamos mientras se pueda reclamar la decisión (seis meses) para poder devolverlo si la reclamación prospera; si se mantiene la decisión, o pasa ese plazo, se borra definitivamente. Los comentarios de otras personas en ese hilo se quedan bajo «Chisme eliminado».',
        'Las denuncias, hasta que se decide sobre ellas y, después, mientras se pueda reclamar la decisión (seis meses). Las cifras del informe de transparencia no guardan quién hizo qué.',
        'Las decisiones de moderación (declaraciones de motivos) y las reclamaciones, mientras exista tu cuenta, para que puedas consultarlas y reclamar.',
      ],
    },
    {
      title: 'Quién lo ve',
      paragraphs: [
        'Las demás personas ven tus chismes y comentarios como «Anónimo», con el género, la edad y el país que pusiste. Nunca ven tu cuenta, ni que dos publicaciones son de la misma persona. Los moderadores ven el contenido denunciado y los motivos, pero tampoco ven quién lo escribió ni quién lo denunció. No vendemos tus datos ni los compartimos con anunciantes. Los guardamos en servidores de nuestro proveedor de alojamiento (Supabase), en la Unión Europea.',
      ],
    },
    {
      title: 'Cómo moderamos',
      items: [
        'Cualquiera puede denunciar un chisme o un comentario eligiendo un motivo de la lista (acoso, datos personales, contenido sexual, odio, amenazas, autolesiones, spam u otro contenido ilegal) y explicándolo si quiere.',
        'Si 5 personas distintas con cuentas de más de un día denuncian un mismo contenido, se oculta automáticamente hasta que un moderador lo revise. Es una decisión automática y te lo decimos así.',
        'Un moderador (una persona) revisa cada denuncia y decide: restaurar el contenido, eliminarlo o suspender la cuenta de su autor 1, 7 o 30 días.',
        'Cada decisión que te afecta viene con una declaración de motivos: qué se ha restringido, por qué hechos, qué norma incumple (y el fundamento legal si es ilegal), si la tomó una máquina o una persona, y cómo reclamar. La ves en «Mis decisiones».',
        'Quien denuncia recibe la respuesta a su denuncia.',
        'Contra abusos: si se retira contenido tuyo por ilegal 2 veces en seis meses te avisamos, y a la 3.ª tu cuenta se suspende 7 días. Si 3 de tus denuncias son claramente infundadas te avisamos, y a la 5.ª tus denuncias dejan de contar para ocultar contenido durante 30 días.',
        'El filtro de palabras ofensivas rechaza publicaciones en modo casual que contienen palabras de una lista que mantienen los moderadores.',
        'Cada mes publicamos un informe de transparencia con las cifras de moderación, sin datos de nadie.',
      ],
    },
    {
      title: 'Cómo reclamar',
      paragraphs: [
        'Durante seis meses después de una decisión puedes reclamarla desde «Mis decisiones», explicando por qué no estás de acuerdo: tanto si afecta a tu contenido o a tu cuenta como si se desestimó una denuncia tuya. Un moderador la revisa (nunca una máquina) y te responde con sus motivos. Si te da la razón, la decisión se revoca: el contenido vuelve, la suspensión se levanta y las denuncias dejan de contar. También puedes acudir a un órgano de resolución extrajudicial de litigios o a los tribunales.',
      ],
    },
    {
      title: 'Modo cotilleo: solo para mayores de edad',
      paragraphs: [
        'El modo cotilleo muestra contenido para adultos. Para activarlo tienes que confirmar que tienes 18 años o más; guardamos esa confirmación con su fecha y la borramos al desactivarlo. Sin ella no verás ningún chisme ni imagen del modo cotilleo, tampoco por un enlace compartido.',
      ],
    },
    {
      title: 'Tus derechos',
      items: [
        'Acceder a tus datos y llevártelos: «Mis datos» → «Descargar mis datos».',
        'Rectificarlos o borrarlos: puedes borrar tus publicaciones y tu cuenta en cualquier momento.',
        'Oponerte o limitar un tratamiento, y retirar tu consentimiento (por ejemplo, la confirmación de edad o los avisos push) cuando quieras.',
        'Reclamar ante la Agencia Española de Protección de Datos (aepd.es) si crees que no tratamos bien tus datos.',
      ],
    },
  ],
  normsTitle: 'Las normas de Chismes',
  normsIntro: 'Estas son las normas; cada motivo de denuncia corresponde a una de ellas:',
  transparencyLink: 'Ver el informe de transparencia',
} as const;
