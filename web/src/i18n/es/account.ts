// The person's own data: export and account deletion.
import { formatWait } from './safety';

export const account = {
  export: 'Descargar mis datos',
  exported: 'Tus datos se han descargado.',
  exportFailed: 'No se pudieron descargar tus datos. Inténtalo de nuevo.',
  delete: 'Eliminar mi cuenta',
  deleteTitle: 'Eliminar mi cuenta',
  deleteWarning:
    'Se borrarán tu cuenta y todo lo tuyo: chismes, imágenes, comentarios, me gusta, denuncias y notificaciones. Lo que otras personas escribieron se queda: sus respuestas a tus comentarios, bajo «Comentario eliminado», y sus comentarios en tus chismes, bajo «Chisme eliminado». No se puede deshacer.',
  password: 'Contraseña',
  confirmDelete: 'Eliminar definitivamente',
  cancel: 'Cancelar',
  passwordInvalid: 'La contraseña no es correcta',
  // Accounts without a password (Google, Facebook), or anyone who prefers it: a mailed code.
  useCode: 'Prefiero recibir un código por correo',
  codeSent: 'Te hemos enviado un código a tu correo. Escríbelo aquí.',
  code: 'Código del correo',
  codeInvalid: 'El código no es correcto o ha caducado',
  codeFailed: 'No se pudo enviar el código. Inténtalo de nuevo.',
  codeWait: (seconds: number) => `Por seguridad, espera ${formatWait(seconds)} antes de pedir otro código.`,
  deleteFailed: 'No se pudo eliminar tu cuenta. Inténtalo de nuevo.',
  deleted: 'Tu cuenta ha sido eliminada.',
  // Password change: the current one again, then the new one with the sign-up rules.
  changePassword: 'Cambiar contraseña',
  changePasswordTitle: 'Cambiar contraseña',
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmNewPassword: 'Confirmar nueva contraseña',
  savePassword: 'Guardar contraseña',
  passwordChanged: 'Tu contraseña se ha cambiado.',
  changeFailed: 'No se pudo cambiar tu contraseña. Inténtalo de nuevo.',
} as const;
